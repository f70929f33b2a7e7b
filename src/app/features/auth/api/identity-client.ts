import type { SessionResponse, UpdateResponse } from '../../../lib/session/identity-request';
import { post, send } from '../../../lib/session/identity-request';
import { lookupAccount } from './account-lookup';

/** The account's calls to the identity service: sign-up, the account itself, mailed codes. Failures are AuthErrors. */
export const identityClient = {
  /** The same idempotency key on a retry gets the account the lost answer was about, not EMAIL_EXISTS. */
  signUp: (email: string, password: string, idempotencyKey: string) =>
    send<SessionResponse>('accounts:signUp', {
      method: 'POST',
      body: JSON.stringify({ email, password, returnSecureToken: true }),
      contentType: 'application/json',
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  lookup: lookupAccount,
  update: (idToken: string, changes: { email?: string; password?: string }) =>
    post<UpdateResponse>('accounts:update', { idToken, ...changes, returnSecureToken: true }),
  delete: (idToken: string) => post<Record<string, never>>('accounts:delete', { idToken }),
  sendPasswordReset: (email: string) => post<{ email: string }>('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email }),
  verifyPasswordResetCode: (oobCode: string) => post<{ email: string }>('accounts:resetPassword', { oobCode }),
  resetPassword: (oobCode: string, newPassword: string) => post<{ email: string }>('accounts:resetPassword', { oobCode, newPassword }),
  signInWithEmailLink: (email: string, oobCode: string) => post<SessionResponse>('accounts:signInWithEmailLink', { email, oobCode }),
  sendEmailVerification: (idToken: string) => post<{ email: string }>('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken }),
  /** With the ID token of the signed-in account, the password set by its holder stays (server decision 0614). */
  applyEmailVerification: (oobCode: string, idToken?: string) =>
    post<{ emailVerified: boolean }>('accounts:update', idToken ? { oobCode, idToken } : { oobCode }),
};
