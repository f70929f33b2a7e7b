import type { MfaEnrollmentRow, UserRow } from '../../platform/db/schema';
import type { IdentityContext } from '../context';
import { identityError } from '../identity-error';
import { limitReached } from '../limits';
import { matchingStep } from './totp';

/** A sign-in (any first step: password, mailed link, provider) waits this long for its second step. */
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

/** The HKDF `info` of TOTP secrets: a sealed signing key never opens as a TOTP secret, nor the reverse. */
export const TOTP_SECRET_INFO = 'northwind totp secret v1';

/**
 * Code attempts count like password attempts (decision 0102): per account and per client
 * address, counted before the code is checked, so a burst gets no more checks than the limit.
 */
export async function countCodeAttempt(ctx: IdentityContext, userId: string, clientAddress: string): Promise<void> {
  const { limits } = ctx.options;
  const byAccount = await limits.mfaCodePerAccount.consume(userId);
  if (!byAccount.allowed) throw limitReached(byAccount, 'Too many wrong codes. Try again later');
  const byAddress = await limits.signInPerAddress.consume(clientAddress);
  if (!byAddress.allowed) throw limitReached(byAddress, 'Too many wrong codes. Try again later');
}

/** A right code clears the account's count and gives the address its attempt back. */
export async function codeAccepted(ctx: IdentityContext, userId: string, clientAddress: string): Promise<void> {
  const { limits } = ctx.options;
  await Promise.all([limits.mfaCodePerAccount.reset(userId), limits.signInPerAddress.release(clientAddress)]);
}

export function wrongCode(): never {
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
  await countCodeAttempt(ctx, userId, clientAddress);
  const step = code && code.length <= 20 ? matchingStep(secret, code.trim(), Date.now()) : null;
  if (step === null) return wrongCode();
  return step;
}
