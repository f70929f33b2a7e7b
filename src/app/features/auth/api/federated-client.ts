import { type MfaInfo, post } from '../../../lib/session/identity-request';

/**
 * The identity service's provider sign-in and two-step sign-in calls (Identity Toolkit v1
 * createAuthUri / signInWithIdp, v2 mfaEnrollment / mfaSignIn). Failures are AuthErrors.
 */

/** accounts:signInWithIdp's answer: a session, a link to confirm, or a second step to take. */
export interface IdpResponse {
  providerId: string;
  email?: string;
  localId?: string;
  idToken?: string;
  refreshToken?: string;
  expiresIn?: string;
  isNewUser?: boolean;
  needConfirmation?: boolean;
  pendingToken?: string;
  mfaPendingCredential?: string;
  mfaInfo?: MfaInfo[];
}

export interface TotpEnrollmentStart {
  sharedSecretKey: string;
  verificationCodeLength: number;
  periodSec: number;
  sessionInfo: string;
}

export const federatedClient = {
  createAuthUri: (providerId: string, continueUri: string) =>
    post<{ authUri: string; sessionId: string }>('accounts:createAuthUri', { providerId, continueUri }),
  /** Completes the code flow: `requestUri` is the handler page's URL with the provider's answer. */
  signInWithIdp: (body: { requestUri?: string; sessionId?: string; idToken?: string; pendingToken?: string }) =>
    post<IdpResponse>('accounts:signInWithIdp', { ...body, returnSecureToken: true }),
  unlink: (idToken: string, providerIds: string[]) =>
    post<{ localId: string }>('accounts:update', { idToken, deleteProvider: providerIds, returnSecureToken: true }),
  mfaEnrollmentStart: async (idToken: string) =>
    (await post<{ totpSessionInfo: TotpEnrollmentStart }>('v2/accounts/mfaEnrollment:start', { idToken, totpEnrollmentInfo: {} }))
      .totpSessionInfo,
  mfaEnrollmentFinalize: (idToken: string, sessionInfo: string, verificationCode: string, displayName: string) =>
    post<{ idToken: string; refreshToken: string; recoveryCodes: string[] }>('v2/accounts/mfaEnrollment:finalize', {
      idToken,
      displayName,
      totpVerificationInfo: { sessionInfo, verificationCode },
    }),
  mfaEnrollmentWithdraw: (idToken: string, mfaEnrollmentId: string) =>
    post<{ idToken: string; refreshToken: string }>('v2/accounts/mfaEnrollment:withdraw', { idToken, mfaEnrollmentId }),
};
