import { AuthError } from '../../../../common/auth-errors';
import { type AuthUser, beginSession } from '../../../lib/session/session-store';
import { assertAuthorizedDomain } from '../../../lib/session/sign-in';
import { identityClient } from './identity-client';

/** The key of a sign-up whose answer never came: a new try with the same details reuses it. */
let unanswered: { email: string; password: string; key: string } | null = null;

/** Creates the account and signs it in at once. */
export async function register(email: string, password: string): Promise<AuthUser> {
  await assertAuthorizedDomain();
  if (!unanswered || unanswered.email !== email || unanswered.password !== password) {
    unanswered = { email, password, key: crypto.randomUUID() };
  }
  const attempt = unanswered;
  try {
    const user = beginSession(await identityClient.signUp(email, password, attempt.key));
    unanswered = null;
    return await user;
  } catch (error) {
    // Only a lost answer may have created the account; any other answer was definitive.
    if (!(error instanceof AuthError && error.code === 'network-request-failed')) unanswered = null;
    throw error;
  }
}
