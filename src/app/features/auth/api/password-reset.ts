import { identityClient } from './identity-client';

/** A forgotten password: the mail, the check of its code, the new password. */
export const sendPasswordReset = (email: string) => identityClient.sendPasswordReset(email).then(() => undefined);
export const verifyPasswordResetCode = (oobCode: string) => identityClient.verifyPasswordResetCode(oobCode).then((body) => body.email);
export const confirmPasswordReset = (oobCode: string, password: string) =>
  identityClient.resetPassword(oobCode, password).then((body) => body.email);
