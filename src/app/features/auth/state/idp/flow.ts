import { AuthError, type AuthClientCode } from '../../../../../common/auth-errors';
import { getIdToken } from '../../../../lib/session/session-store';
import { federatedClient, type IdpResponse } from '../../api/federated-client';
import { handlerUrl } from './handler-path';
import { type IdpOutcome, settle } from './outcome';
import { cancelPopup } from './popup';
import { IDP_MESSAGE_TYPE, prefersRedirect } from './rules';
import { type IdpPurpose, savePending, saveRedirectResult, takePending, takeRedirectResult } from './storage';

export { type IdpOutcome, linkPendingIdentity } from './outcome';
export { signInWithPopup } from './popup';

/**
 * Provider sign-in in the browser (decision 0110): a 500x600 popup on desktop, a
 * redirect on phones or when the popup is blocked. Either way the provider returns to
 * /auth/handler, which completes the sign-in with accounts:signInWithIdp and hands the answer
 * to the window that started it.
 */

/** Whether this device should sign in by redirect rather than a popup. */
export function shouldRedirect(): boolean {
  const coarsePointer = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return prefersRedirect({ width: window.innerWidth, coarsePointer });
}

/** Leaves for the provider in this tab; the answer is read back by `redirectOutcome()` at `returnTo`. */
export async function signInWithRedirect(providerId: string, purpose: IdpPurpose, returnTo: string): Promise<void> {
  cancelPopup();
  const { authUri, sessionId } = await federatedClient.createAuthUri(providerId, handlerUrl());
  savePending('redirect', { sessionId, purpose, returnTo, savedAt: Date.now() });
  window.location.assign(authUri);
}

/** On the page a redirect came back to: its outcome once (null when there is none, or it is over 10 minutes old). */
export async function redirectOutcome(): Promise<IdpOutcome | null> {
  const result = takeRedirectResult();
  if (!result) return null;
  if (result.error) throw new AuthError(result.error as AuthClientCode);
  return settle(result.response as IdpResponse, result.purpose);
}

function codeOf(error: unknown): AuthClientCode {
  return error instanceof AuthError ? error.code : 'internal-error';
}

/**
 * The /auth/handler page: completes the sign-in the provider sent back, then posts the answer
 * to the popup's opener (and closes) or saves it and returns to the page the redirect left.
 * Resolves with an error code when there is nothing to finish here.
 */
export async function completeProviderReturn(): Promise<AuthClientCode | null> {
  const opener = window.opener as Window | null;
  const popupPending = opener ? takePending('popup') : null;
  const pending = popupPending ?? takePending('redirect');
  if (!pending) return 'code-expired';
  const requestUri = window.location.href;
  let response: IdpResponse | undefined;
  let error: AuthClientCode | undefined;
  try {
    const idToken = pending.purpose === 'link' ? ((await getIdToken()) ?? undefined) : undefined;
    if (pending.purpose === 'link' && !idToken) throw new AuthError('user-token-expired');
    response = await federatedClient.signInWithIdp({ requestUri, sessionId: pending.sessionId, idToken });
  } catch (caught) {
    error = codeOf(caught);
  }
  if (popupPending && opener) {
    opener.postMessage({ type: IDP_MESSAGE_TYPE, flowId: popupPending.flowId, response, error }, window.location.origin);
    window.close();
    return null;
  }
  saveRedirectResult({ purpose: pending.purpose, savedAt: Date.now(), response, error });
  // Only a path of this site: the stored value is ours, but a page address is never taken on trust.
  const back = pending.returnTo?.startsWith('/') && !pending.returnTo.startsWith('//') ? pending.returnTo : '/login';
  window.location.replace(back);
  return null;
}
