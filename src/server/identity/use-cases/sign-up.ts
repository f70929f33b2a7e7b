import type { UserRow } from '../../platform/db/schema';
import { acceptOnce } from '../../platform/lib/idempotency';
import { type IdentityContext, newUserId, type Session, validEmail, validNewPassword } from '../context';
import type { MfaRequired } from '../mfa/second-factor';
import { IdentityError, identityError } from '../identity-error';
import { limitReached } from '../limits';
import { checkPassword, hashPassword } from '../passwords';
import { DuplicateEmailError } from '../users-repository';

export interface SignUpInput {
  email?: string | undefined;
  password?: string | undefined;
  displayName?: string | undefined;
}

/**
 * accounts:signUp: a new password account and its first session. With an Idempotency-Key, a
 * retry of a sign-up that committed (its answer was lost) gets a new session for that account
 * instead of EMAIL_EXISTS, but only with the same key, email, password and display name: the
 * retry proves it is the same person by the password (decision 0615).
 */
export async function signUp(ctx: IdentityContext, input: SignUpInput, clientAddress: string, idempotencyKey: string | null = null) {
  const email = validEmail(input.email);
  const password = validNewPassword(input.password);
  const displayName = input.displayName?.trim() || null;
  // The password check is asynchronous, so a stored account comes with its verdict.
  const outcome = await acceptOnce<{ user: UserRow; same: boolean }>(idempotencyKey, {
    find: async (key) => {
      const stored = await ctx.users.findBySignupKey(key);
      if (!stored) return null;
      const same = stored.email === email && stored.display_name === displayName && (await checkPassword(password, stored.password_hash));
      return { user: stored, same };
    },
    insert: async () => {
      const created = await createAccount(ctx, { email, password, displayName }, clientAddress, idempotencyKey);
      return created ? { user: created, same: true } : null;
    },
    same: (stored) => stored.same,
  });
  if ('conflict' in outcome) {
    throw new IdentityError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different sign-up; use a new key', 409);
  }
  // A retry with the same key proves the password again, no more: an account that has turned on
  // two-step sign-in since gets the pending credential, as a password sign-in would.
  return ctx.issueSession({ kind: 'sign-in', user: outcome.result.user }) satisfies Promise<Session | MfaRequired>;
}

async function createAccount(
  ctx: IdentityContext,
  input: { email: string; password: string; displayName: string | null },
  clientAddress: string,
  idempotencyKey: string | null,
): Promise<UserRow | null> {
  await ctx.requireSignUpOpen();
  // A request with the same key may have committed after this one looked for the key: that
  // account is this sign-up's, not someone else's address.
  if (await ctx.users.findByEmail(input.email)) return lostToSameKey(ctx, idempotencyKey);
  // Counted once the request is well formed and the address free: what would create an account.
  const allowance = await ctx.options.limits.signUpPerAddress.consume(clientAddress);
  if (!allowance.allowed) throw limitReached(allowance, 'Too many accounts were created from your network; try again later');
  const now = new Date().toISOString();
  const row = {
    id: newUserId(),
    email: input.email,
    password_hash: await hashPassword(input.password),
    display_name: input.displayName,
    photo_url: null,
    email_verified: 0,
    disabled: 0,
    created_at: now,
    last_login_at: now,
    valid_since: now,
  };
  try {
    return idempotencyKey ? await ctx.users.insertWithSignupKey(row, idempotencyKey) : await ctx.users.insert(row);
  } catch (error) {
    // Two sign-ups with one address (or one key) at the same moment: the database decides.
    if (!(error instanceof DuplicateEmailError)) throw error;
    return lostToSameKey(ctx, idempotencyKey);
  }
}

/** Null (read the winner's account) when a sign-up with this key holds the address; EMAIL_EXISTS otherwise. */
async function lostToSameKey(ctx: IdentityContext, idempotencyKey: string | null): Promise<null> {
  if (idempotencyKey && (await ctx.users.findBySignupKey(idempotencyKey))) return null;
  throw identityError('EMAIL_EXISTS');
}
