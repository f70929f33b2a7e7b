import { assertNoSecondStep } from '../../../lib/session/mfa-required';
import { type AuthUser, beginSession } from '../../../lib/session/session-store';
import { assertAuthorizedDomain } from '../../../lib/session/sign-in';
import { identityClient } from './identity-client';

/** Signs in with the single-use link of an EMAIL_SIGNIN mail (creates the account when new). */
export async function loginWithEmailLink(email: string, oobCode: string): Promise<AuthUser> {
  await assertAuthorizedDomain();
  const body = await identityClient.signInWithEmailLink(email, oobCode);
  // An account with two-step sign-in gets the pending credential from a link too (decision 0113).
  assertNoSecondStep(body);
  return beginSession(body);
}
