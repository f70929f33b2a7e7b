import { randomUUID } from 'node:crypto';
import type { IdentityContext, Session } from '../context';
import { identityError } from '../identity-error';
import { FactorExistsError } from '../mfa/mfa-repository';
import { checkTotp, codeAccepted } from '../mfa/second-factor';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, TOTP_RULE } from '../mfa/totp';
import { isoAfter } from '../rules';
import { randomToken, tokenHash } from '../token-service';

/** Time to scan the QR code and type the first code. */
export const ENROLLMENT_LIFETIME_MS = 10 * 60_000;

export interface TotpSessionInfo {
  sharedSecretKey: string;
  verificationCodeLength: number;
  hashingAlgorithm: string;
  periodSec: number;
  sessionInfo: string;
  finalizeEnrollmentTime: string;
}

/** mfaEnrollment:start: a new secret for the authenticator app, held until a code proves it was saved. */
export async function startTotpEnrollment(ctx: IdentityContext, idToken: string | undefined): Promise<TotpSessionInfo> {
  const caller = await ctx.verify(idToken);
  ctx.requireRecentSignIn(caller);
  const mfa = ctx.mfa;
  if (await mfa.enrollmentFor(caller.user.id)) throw identityError('SECOND_FACTOR_EXISTS', 'Two-step sign-in is already on');
  const secret = newTotpSecret();
  const sessionInfo = randomToken();
  const now = Date.now();
  const expiresAt = isoAfter(now, ENROLLMENT_LIFETIME_MS);
  await mfa.insertSession({
    id: tokenHash(sessionInfo),
    kind: 'enroll',
    user_id: caller.user.id,
    secret,
    created_at: new Date(now).toISOString(),
    expires_at: expiresAt,
    used_at: null,
  });
  return {
    sharedSecretKey: secret,
    verificationCodeLength: TOTP_RULE.digits,
    hashingAlgorithm: TOTP_RULE.algorithm,
    periodSec: TOTP_RULE.periodSeconds,
    sessionInfo,
    finalizeEnrollmentTime: expiresAt,
  };
}

export interface FinalizeEnrollmentInput {
  idToken?: string | undefined;
  displayName?: string | undefined;
  sessionInfo?: string | undefined;
  verificationCode?: string | undefined;
}

/** mfaEnrollment:finalize: the first code turns the factor on; the ten recovery codes are shown this once. */
export async function finalizeTotpEnrollment(
  ctx: IdentityContext,
  input: FinalizeEnrollmentInput,
  clientAddress: string,
): Promise<{ session: Session; recoveryCodes: string[] }> {
  const caller = await ctx.verify(input.idToken);
  if (!input.sessionInfo) throw identityError('MISSING_SESSION_INFO');
  const mfa = ctx.mfa;
  const row = input.sessionInfo.length <= 200 ? await mfa.findSession(tokenHash(input.sessionInfo)) : undefined;
  if (!row || row.kind !== 'enroll' || row.user_id !== caller.user.id || !row.secret || row.used_at)
    throw identityError('INVALID_SESSION_INFO');
  if (Date.parse(row.expires_at) <= Date.now()) throw identityError('SESSION_EXPIRED', 'Start again: the enrolment took too long');
  const step = await checkTotp(ctx, caller.user.id, row.secret, input.verificationCode, clientAddress);
  if (!(await mfa.markSessionUsed(row.id, new Date().toISOString()))) throw identityError('INVALID_SESSION_INFO');
  const recoveryCodes = newRecoveryCodes();
  try {
    await mfa.enroll(
      {
        id: randomUUID(),
        user_id: caller.user.id,
        display_name: input.displayName?.trim().slice(0, 100) || null,
        // Sealed at rest by the repository under KEY_ENCRYPTION_SECRET (decision 0111).
        secret: row.secret,
        enrolled_at: new Date().toISOString(),
        last_used_step: step,
      },
      recoveryCodes.map(recoveryCodeHash),
    );
  } catch (error) {
    if (error instanceof FactorExistsError) throw identityError('SECOND_FACTOR_EXISTS', 'Two-step sign-in is already on');
    throw error;
  }
  await codeAccepted(ctx, caller.user.id, clientAddress);
  return { session: await ctx.issueSession({ kind: 'renewal', caller }), recoveryCodes };
}

/** mfaEnrollment:withdraw: turns two-step sign-in off (recent sign-in needed). */
export async function withdrawEnrollment(
  ctx: IdentityContext,
  idToken: string | undefined,
  enrollmentId: string | undefined,
): Promise<Session> {
  const caller = await ctx.verify(idToken);
  ctx.requireRecentSignIn(caller);
  if (!enrollmentId) throw identityError('MISSING_MFA_ENROLLMENT_ID');
  if (!(await ctx.mfa.withdraw(caller.user.id, enrollmentId))) throw identityError('MFA_ENROLLMENT_NOT_FOUND');
  return ctx.issueSession({ kind: 'renewal', caller });
}
