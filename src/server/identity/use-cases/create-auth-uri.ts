import * as oidc from 'openid-client';
import { IDP_SESSION_LIFETIME_MS, type FederatedContext } from '../federated/federated-context';
import { identityError } from '../identity-error';
import { isoAfter } from '../rules';
import { randomToken, tokenHash } from '../token-service';

export interface CreateAuthUriInput {
  providerId?: string | undefined;
  continueUri?: string | undefined;
  customParameter?: Record<string, string> | undefined;
}

/** Parameters the protocol's safety rests on: a client may not set them through customParameter. */
const RESERVED = new Set([
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'request',
  'request_uri',
]);

/** Pure: customParameter without the reserved names, bounded. */
export function customParameters(raw: Record<string, string> | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw ?? {}).slice(0, 10)) {
    if (!RESERVED.has(name) && name.length <= 40 && value.length <= 200) kept[name] = value;
  }
  return kept;
}

/** Pure: whether a continue URI is http(s) on one of the authorised domains. */
export function continueUriAllowed(continueUri: string, authorizedDomains: readonly string[]): boolean {
  if (continueUri.length > 2048) return false;
  try {
    const url = new URL(continueUri);
    return (url.protocol === 'https:' || url.protocol === 'http:') && authorizedDomains.includes(url.hostname);
  } catch {
    return false;
  }
}

/**
 * accounts:createAuthUri: starts a provider sign-in. State, nonce and the PKCE verifier stay
 * on the server (found again by the hash of `sessionId`); the browser only gets the URL.
 */
export async function createAuthUri(
  fed: FederatedContext,
  input: CreateAuthUriInput,
): Promise<{ authUri: string; sessionId: string; providerId: string }> {
  const client = fed.client(input.providerId);
  if (!input.continueUri) throw identityError('MISSING_CONTINUE_URI');
  if (!continueUriAllowed(input.continueUri, fed.identity.options.authorizedDomains)) throw identityError('UNAUTHORIZED_DOMAIN');
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const sessionId = randomToken();
  const authUri = await client.authorizationUrl({
    redirectUri: fed.redirectUri,
    state,
    nonce,
    codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    extraParameters: customParameters(input.customParameter),
  });
  const now = Date.now();
  await fed.idpSessions.insert({
    id: tokenHash(sessionId),
    kind: 'auth',
    provider_id: client.config.providerId,
    state,
    nonce: client.config.kind === 'oidc' ? nonce : null,
    code_verifier: codeVerifier,
    identity: null,
    created_at: new Date(now).toISOString(),
    expires_at: isoAfter(now, IDP_SESSION_LIFETIME_MS),
    used_at: null,
  });
  return { authUri, sessionId, providerId: client.config.providerId };
}
