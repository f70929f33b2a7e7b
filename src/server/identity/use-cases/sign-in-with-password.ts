import { type IdentityContext, type Session, validEmail } from '../context';
import { identityError } from '../identity-error';
import { limitReached } from '../limits';
import type { MfaRequired } from '../mfa/second-factor';
import { checkPassword } from '../passwords';

const LOCKED =
  'Access to this account has been temporarily disabled due to many failed login attempts. Try again later or reset your password';

export interface PasswordCredentials {
  email?: string | undefined;
  password?: string | undefined;
}

/**
 * accounts:signInWithPassword, behind the attempt limits of decision 0102. Each attempt is
 * counted before the password is checked (one atomic step per limit), so a burst cannot get
 * more checks than the limit; a right password clears the email's count and gives the
 * address its attempt back. An account with two-step sign-in gets a pending credential
 * instead of a session.
 */
export async function signInWithPassword(
  ctx: IdentityContext,
  input: PasswordCredentials,
  clientAddress: string,
): Promise<Session | MfaRequired> {
  const { limits } = ctx.options;
  const email = validEmail(input.email);
  if (!input.password) throw identityError('MISSING_PASSWORD');
  // The address is counted only for attempts its email allows: a burst at one account then
  // costs the address no more than the account's own limit.
  const byEmail = await limits.signInPerEmail.consume(email);
  if (!byEmail.allowed) throw limitReached(byEmail, LOCKED);
  const byAddress = await limits.signInPerAddress.consume(clientAddress);
  if (!byAddress.allowed) throw limitReached(byAddress, LOCKED);
  const user = await ctx.users.findByEmail(email);
  const matches = await checkPassword(input.password, user?.password_hash);
  if (!user || !matches) throw identityError(user ? 'INVALID_PASSWORD' : 'EMAIL_NOT_FOUND');
  if (user.disabled === 1) throw identityError('USER_DISABLED');
  await Promise.all([limits.signInPerEmail.reset(email), limits.signInPerAddress.release(clientAddress)]);
  return ctx.issueSession({ kind: 'sign-in', user });
}
