import type { UserRow } from '../../db/schema';
import { type IdentityContext, newUserId, type Session, validEmail, validNewPassword } from '../context';
import { identityError } from '../identity-error';
import { limitReached } from '../limits';
import { hashPassword } from '../passwords';
import { DuplicateEmailError } from '../users-repository';

export interface SignUpInput {
  email?: string | undefined;
  password?: string | undefined;
  displayName?: string | undefined;
}

/** accounts:signUp: a new password account and its first session. */
export async function signUp(ctx: IdentityContext, input: SignUpInput, clientAddress: string): Promise<Session> {
  const email = validEmail(input.email);
  const password = validNewPassword(input.password);
  if (await ctx.users.findByEmail(email)) throw identityError('EMAIL_EXISTS');
  // Counted once the request is well formed and the address free: what would create an account.
  const allowance = await ctx.options.limits.signUpPerAddress.consume(clientAddress);
  if (!allowance.allowed) throw limitReached(allowance, 'Too many accounts were created from your network; try again later');
  const now = new Date().toISOString();
  let user: UserRow;
  try {
    user = await ctx.users.insert({
      id: newUserId(),
      email,
      password_hash: await hashPassword(password),
      display_name: input.displayName?.trim() || null,
      photo_url: null,
      email_verified: 0,
      disabled: 0,
      created_at: now,
      last_login_at: now,
      valid_since: now,
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the database decides.
    if (error instanceof DuplicateEmailError) throw identityError('EMAIL_EXISTS');
    throw error;
  }
  return ctx.startSession(user);
}
