import { AuthError } from '../../../common/auth-errors';
import { sessionClient } from './identity-request';
import { assertNoSecondStep } from './mfa-required';
import { currentUser, keepSession } from './session-store';

/** Proves the person is still the account holder (sensitive changes need a sign-in under 5 minutes). */
export async function reauthenticate(password: string): Promise<void> {
  const current = currentUser();
  if (!current) throw new AuthError('user-token-expired');
  const body = await sessionClient.signInWithPassword(current.email, password);
  if (body.localId !== current.uid) throw new AuthError('user-mismatch');
  assertNoSecondStep(body);
  keepSession(body);
}
