import { STORAGE_KEYS } from '../../../../common/constants';
import { getIdToken, keepSession, signOutLocally, withToken } from '../../../lib/session/session-store';
import { setItem } from '../../../lib/storage';
import { identityClient } from './identity-client';

/** The signed-in account: what it is, its changes, its deletion, and the confirmation of its address. */
export { accountInfo } from './account-lookup';

async function updateAccount(changes: { email?: string; password?: string }): Promise<void> {
  const body = await withToken((idToken) => identityClient.update(idToken, changes));
  // A credential change ends every other session and hands this one fresh tokens.
  if (body.idToken && body.refreshToken && body.expiresIn) {
    keepSession({
      localId: body.localId,
      email: body.email,
      idToken: body.idToken,
      refreshToken: body.refreshToken,
      expiresIn: body.expiresIn,
    });
  }
  if (changes.email) await setItem(STORAGE_KEYS.email, body.email);
}

export const changeEmail = (email: string) => updateAccount({ email });
export const changePassword = (password: string) => updateAccount({ password });

export async function deleteAccount(): Promise<void> {
  await withToken((idToken) => identityClient.delete(idToken));
  await signOutLocally();
}

export const sendEmailVerification = () => withToken((idToken) => identityClient.sendEmailVerification(idToken)).then(() => undefined);
/** Applies the code of a VERIFY_EMAIL mail; it needs no session (the mail may be read elsewhere). */
export const applyEmailVerification = async (oobCode: string) => {
  await identityClient.applyEmailVerification(oobCode, (await getIdToken()) ?? undefined);
};
