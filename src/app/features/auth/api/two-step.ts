import { AuthError } from '../../../../common/auth-errors';
import { AUTH } from '../../../../common/constants';
import { normaliseCode } from '../../../lib/session/second-step';
import { getIdToken, replaceTokens } from '../../../lib/session/session-store';
import { secondsUntilExpiry } from '../../../../common/token-claims';
import { federatedClient, type TotpEnrollmentStart } from './federated-client';

/** Two-step sign-in on the Account page: turning it on and off, and the ways to sign in. */

async function token(): Promise<string> {
  const idToken = await getIdToken();
  if (!idToken) throw new AuthError('user-token-expired');
  return idToken;
}

function keep(body: { idToken: string; refreshToken: string }): void {
  replaceTokens(body.idToken, body.refreshToken, String(secondsUntilExpiry(body.idToken, Date.now(), AUTH.idTokenLifetimeSeconds)));
}

/** A new authenticator secret, waiting for its first code (needs a sign-in under 5 minutes). */
export async function startTotpEnrollment(): Promise<TotpEnrollmentStart> {
  return federatedClient.mfaEnrollmentStart(await token());
}

/** The first code turns two-step sign-in on; the ten recovery codes come back this once. */
export async function finishTotpEnrollment(sessionInfo: string, typedCode: string): Promise<string[]> {
  const body = await federatedClient.mfaEnrollmentFinalize(await token(), sessionInfo, normaliseCode(typedCode), 'Authenticator app');
  keep(body);
  return body.recoveryCodes;
}

export async function turnOffTwoStep(mfaEnrollmentId: string): Promise<void> {
  keep(await federatedClient.mfaEnrollmentWithdraw(await token(), mfaEnrollmentId));
}

/** Removes a way to sign in (the server refuses the last one: last-sign-in-method). */
export async function unlinkSignInMethod(providerId: string): Promise<void> {
  await federatedClient.unlink(await token(), [providerId]);
}

/** The otpauth:// URI authenticator apps read from the QR code (Key Uri Format). */
export function otpauthUri(secret: string, email: string, issuer: string, periodSec: number, digits: number): string {
  const label = encodeURIComponent(`${issuer}:${email}`);
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(digits), period: String(periodSec) });
  return `otpauth://totp/${label}?${params.toString()}`;
}
