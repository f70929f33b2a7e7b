import { AuthError } from '../../../common/auth-errors';
import { sessionClient } from './identity-request';
import { assertNoSecondStep } from './mfa-required';
import { type AuthUser, beginSession } from './session-store';

let domainCheck: Promise<void> | undefined;

/** Signing in from a hostname the service does not list is refused (unauthorized-domain). */
export function assertAuthorizedDomain(): Promise<void> {
  domainCheck ??= sessionClient
    .authorizedDomains()
    .then((domains) => {
      const host = window.location.hostname.toLowerCase();
      if (!domains.some((domain) => domain.toLowerCase() === host)) throw new AuthError('unauthorized-domain');
    })
    .catch((error: unknown) => {
      domainCheck = undefined;
      throw error;
    });
  return domainCheck;
}

/**
 * Signs in with email and password. Errors are AuthErrors, passed on unchanged. Shared:
 * the Login page and the console's invitation page (a new colleague signs in after accepting).
 */
export async function login(email: string, password: string): Promise<AuthUser> {
  await assertAuthorizedDomain();
  const body = await sessionClient.signInWithPassword(email, password);
  // Never a session from a first step that still needs its second.
  assertNoSecondStep(body);
  return beginSession(body);
}
