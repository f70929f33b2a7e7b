import { AuthError } from '../../../common/auth-errors';
import { AUTH } from '../../../common/constants';
import { post } from './identity-request';
import type { MfaPending } from './mfa-required';
import { type AuthUser, beginSession } from './session-store';
import { secondsUntilExpiry } from '../../../common/token-claims';

/**
 * The second step of a two-step sign-in (shared: the Login page and every proof of the account
 * holder before a sensitive change, the console's included). Turning it on and off is the auth
 * feature's (features/auth/api/two-step.ts).
 */

/** A typed second-step code: six digits, or a recovery code (`xxxxx-xxxxx`); spaces dropped. */
export function normaliseCode(raw: string): string {
  return raw.slice(0, 40).replace(/\s+/g, '').toLowerCase();
}

const mfaSignInFinalize = (mfaPendingCredential: string, mfaEnrollmentId: string, verificationCode: string) =>
  post<{ idToken: string; refreshToken: string }>('v2/accounts/mfaSignIn:finalize', {
    mfaPendingCredential,
    mfaEnrollmentId,
    totpVerificationInfo: { verificationCode },
  });

/** Finishes a sign-in that answered multi-factor-auth-required, with a 6-digit or recovery code. */
export async function finishSecondStep(pending: MfaPending, typedCode: string): Promise<AuthUser> {
  const factor = pending.mfaInfo[0];
  if (!factor) throw new AuthError('multi-factor-info-not-found');
  const body = await mfaSignInFinalize(pending.mfaPendingCredential, factor.mfaEnrollmentId, normaliseCode(typedCode));
  return beginSession({
    localId: pending.localId,
    email: pending.email,
    idToken: body.idToken,
    refreshToken: body.refreshToken,
    expiresIn: String(secondsUntilExpiry(body.idToken, Date.now(), AUTH.idTokenLifetimeSeconds)),
  });
}
