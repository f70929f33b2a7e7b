import type { MfaEnrollmentRow, UserRow } from '../../db/schema';
import type { IdentityContext } from '../context';
import { identityError, IdentityError } from '../identity-error';
import { isoAfter } from '../rules';
import { randomToken, tokenHash } from '../token-service';
import { type MfaRepository, mfaRepository } from './mfa-repository';
import { matchingStep } from './totp';

/** A password or provider sign-in waits this long for its second step. */
export const MFA_PENDING_LIFETIME_MS = 5 * 60_000;

export interface MfaInfo {
  mfaEnrollmentId: string;
  displayName?: string;
  enrolledAt: string;
  totpInfo: Record<string, never>;
}

/** The answer to a first step when a second is needed: no session yet. */
export interface MfaRequired {
  user: UserRow;
  mfaPendingCredential: string;
  mfaInfo: MfaInfo[];
}

export const mfaInfoOf = (row: MfaEnrollmentRow): MfaInfo => ({
  mfaEnrollmentId: row.id,
  ...(row.display_name ? { displayName: row.display_name } : {}),
  enrolledAt: row.enrolled_at,
  totpInfo: {},
});

export const mfaFor = (ctx: IdentityContext): MfaRepository => mfaRepository(ctx.options.db);

/** After a correct first step: the pending credential when the account has a second factor. */
export async function secondFactorGate(ctx: IdentityContext, user: UserRow): Promise<MfaRequired | undefined> {
  const mfa = mfaFor(ctx);
  const enrollment = await mfa.enrollmentFor(user.id);
  if (!enrollment) return undefined;
  const mfaPendingCredential = randomToken();
  const now = Date.now();
  await mfa.insertSession({
    id: tokenHash(mfaPendingCredential),
    kind: 'sign_in',
    user_id: user.id,
    secret: null,
    created_at: new Date(now).toISOString(),
    expires_at: isoAfter(now, MFA_PENDING_LIFETIME_MS),
    used_at: null,
  });
  return { user, mfaPendingCredential, mfaInfo: [mfaInfoOf(enrollment)] };
}

/** Wrong codes count like wrong passwords (decision 0102), per account and per client address. */
export async function guardCodeAttempts(ctx: IdentityContext, userId: string, clientAddress: string): Promise<void> {
  const { limiter } = ctx.options;
  if (await limiter.isBlocked(`mfa:${userId}`, clientAddress)) {
    throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', 'Too many wrong codes. Try again later', 400, {
      'Retry-After': String(Math.ceil(limiter.rule.windowMs / 1000)),
    });
  }
}

export async function wrongCode(ctx: IdentityContext, userId: string, clientAddress: string): Promise<never> {
  await ctx.options.limiter.recordFailure(`mfa:${userId}`, clientAddress);
  throw identityError('INVALID_CODE', 'The code is wrong or was already used');
}

/** The time step of a correct 6-digit code, or a counted failure. */
export async function checkTotp(
  ctx: IdentityContext,
  userId: string,
  secret: string,
  code: string | undefined,
  clientAddress: string,
): Promise<number> {
  await guardCodeAttempts(ctx, userId, clientAddress);
  const step = code && code.length <= 20 ? matchingStep(secret, code.trim(), Date.now()) : null;
  if (step === null) return wrongCode(ctx, userId, clientAddress);
  return step;
}
