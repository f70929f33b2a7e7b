import { AuthError, type AuthClientCode } from '../../../../../common/auth-errors';
import { federatedClient, type IdpResponse } from '../../api/federated-client';
import { handlerUrl } from './handler-path';
import { type IdpOutcome, settle } from './outcome';
import { isIdpMessage, nextPollDelay, popupFeatures } from './rules';
import { type IdpPurpose, savePending, takePending } from './storage';

/** Desktop sign-in in a 500x600 popup (decision 0112). */

const POPUP_NAME = 'northwind-sign-in';

let active: { flowId: string; cancel: () => void } | null = null;

/** Cancels the popup sign-in in progress, if any (cancelled-popup-request). */
export function cancelPopup(): void {
  active?.cancel();
}

/**
 * Opens the provider in a popup. Call it straight from the click (browsers block popups opened
 * later). Rejects with popup-blocked, popup-closed-by-user, or cancelled-popup-request when a
 * newer popup replaces this one.
 */
export function signInWithPopup(providerId: string, purpose: IdpPurpose): Promise<IdpOutcome> {
  active?.cancel();
  const popup = window.open(
    'about:blank',
    POPUP_NAME,
    popupFeatures({ left: window.screenX, top: window.screenY, width: window.outerWidth, height: window.outerHeight }),
  );
  if (!popup) return Promise.reject(new AuthError('popup-blocked'));
  const flowId = crypto.randomUUID();
  return new Promise<IdpOutcome>((resolve, reject) => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay: number | undefined;
    const finish = (then: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      if (active?.flowId === flowId) active = null;
      then();
    };
    const onMessage = (event: MessageEvent) => {
      if (!isIdpMessage(event, { origin: window.location.origin, source: popup, flowId })) return;
      const { response, error } = event.data;
      finish(() => {
        if (error) reject(new AuthError(error as AuthClientCode));
        else settle(response as IdpResponse, purpose).then(resolve, reject);
      });
    };
    const poll = () => {
      if (popup.closed) {
        // A message posted just before closing is delivered first; give it that turn.
        timer = setTimeout(
          () =>
            finish(() => {
              // Nothing will finish this sign-in now: its session id is not left behind.
              takePending('popup');
              reject(new AuthError('popup-closed-by-user'));
            }),
          100,
        );
        return;
      }
      delay = nextPollDelay(delay);
      timer = setTimeout(poll, delay);
    };
    window.addEventListener('message', onMessage);
    active = { flowId, cancel: () => finish(() => reject(new AuthError('cancelled-popup-request'))) };
    delay = nextPollDelay(undefined);
    timer = setTimeout(poll, delay);
    federatedClient.createAuthUri(providerId, handlerUrl()).then(
      ({ authUri, sessionId }) => {
        if (done) return;
        savePending('popup', { sessionId, purpose, flowId, savedAt: Date.now() });
        popup.location.href = authUri;
      },
      (error: unknown) => {
        popup.close();
        finish(() => reject(error instanceof Error ? error : new AuthError('internal-error')));
      },
    );
  });
}
