import { type IdentityContext, type Session, validEmail } from '../context';
import { identityError, IdentityError } from '../identity-error';
import { type MfaRequired, secondFactorGate } from '../mfa/second-factor';
import { checkPassword } from '../passwords';

export interface PasswordCredentials {
  email?: string | undefined;
  password?: string | undefined;
}

/**
 * accounts:signInWithPassword, behind the failed-attempt limit of decision 0102; an account with
 * two-step sign-in gets a pending credential instead of a session.
 */
export async function signInWithPassword(
  ctx: IdentityContext,
  input: PasswordCredentials,
  clientAddress: string,
): Promise<Session | MfaRequired> {
  const { limiter } = ctx.options;
  const email = validEmail(input.email);
  if (!input.password) throw identityError('MISSING_PASSWORD');
  if (await limiter.isBlocked(email, clientAddress)) {
    throw new IdentityError(
      'TOO_MANY_ATTEMPTS_TRY_LATER',
      'Access to this account has been temporarily disabled due to many failed login attempts. Try again later or reset your password',
      400,
      { 'Retry-After': String(Math.ceil(limiter.rule.windowMs / 1000)) },
    );
  }
  const user = await ctx.users.findByEmail(email);
  const matches = await checkPassword(input.password, user?.password_hash);
  if (!user || !matches) {
    await limiter.recordFailure(email, clientAddress);
    throw identityError(user ? 'INVALID_PASSWORD' : 'EMAIL_NOT_FOUND');
  }
  if (user.disabled === 1) throw identityError('USER_DISABLED');
  await limiter.recordSuccess(email);
  return (await secondFactorGate(ctx, user)) ?? ctx.startSession(await ctx.recordLogin(user));
}
