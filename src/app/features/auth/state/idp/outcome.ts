import { AuthError } from '../../../../../common/auth-errors';
import { AUTH } from '../../../../../common/constants';
import { beginSession, getIdToken, type AuthUser } from '../../../../lib/session/session-store';
import type { MfaPending } from '../../../../lib/session/mfa-required';
import { federatedClient, type IdpResponse } from '../../api/federated-client';
import { pendingSecondStep } from '../../../../lib/session/mfa-required';
import type { IdpPurpose } from './storage';

/** What a provider sign-in ends in, for the page to show next. */
export type IdpOutcome =
  | { kind: 'signedIn'; user: AuthUser; isNewUser: boolean }
  | { kind: 'linked' }
  /** The provider's email is an existing account's: sign in to it, then link with `pendingToken`. */
  | { kind: 'needConfirmation'; email: string; providerId: string; pendingToken: string }
  | { kind: 'mfa'; pending: MfaPending };

/** Turns the identity service's answer into what the page shows next; a session starts here. */
export async function settle(response: IdpResponse, purpose: IdpPurpose): Promise<IdpOutcome> {
  const pending = pendingSecondStep(response);
  if (pending) return { kind: 'mfa', pending };
  if (response.needConfirmation && response.pendingToken && response.email) {
    return { kind: 'needConfirmation', email: response.email, providerId: response.providerId, pendingToken: response.pendingToken };
  }
  if (response.idToken && response.refreshToken && response.localId && response.email) {
    const user = await beginSession({
      localId: response.localId,
      email: response.email,
      idToken: response.idToken,
      refreshToken: response.refreshToken,
      expiresIn: response.expiresIn ?? String(AUTH.idTokenLifetimeSeconds),
    });
    return purpose === 'link' ? { kind: 'linked' } : { kind: 'signedIn', user, isNewUser: response.isNewUser === true };
  }
  throw new AuthError('internal-error');
}

/** Links the provider identity of a needConfirmation answer to the account just signed in to. */
export async function linkPendingIdentity(pendingToken: string): Promise<void> {
  const idToken = await getIdToken();
  if (!idToken) throw new AuthError('user-token-expired');
  await settle(await federatedClient.signInWithIdp({ idToken, pendingToken }), 'link');
}
