import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';
import { identityError, IdentityError } from '../identity-error';
import type { IdentityProviderConfig, OAuth2ProviderConfig } from './provider-config';

/** Every call to a provider gives up after this long (discovery, token, user info, keys). */
export const PROVIDER_TIMEOUT_MS = 10_000;
/** Provider answers we read are small; anything bigger is refused before parsing. */
const MAX_PROVIDER_BODY = 256 * 1024;

/** Who the provider says the user is, after every check passed. */
export interface ProviderIdentity {
  providerId: string;
  federatedId: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  photoUrl: string | null;
}

export interface ProviderTokens {
  accessToken?: string;
  idToken?: string;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  extraParameters: Record<string, string>;
}

const isLoopbackHttp = (url: string) => new URL(url).protocol === 'http:';

/** The provider's answer was wrong or missing something: INVALID_IDP_RESPONSE with why. */
const invalidResponse = (detail: string) => identityError('INVALID_IDP_RESPONSE', detail);

/**
 * Turns what openid-client, jose or fetch threw into the provider code the client gets. The
 * log line carries the library's code and message only: never tokens, secrets or bodies.
 */
export function providerFailure(error: unknown, log: (message: string) => void): IdentityError {
  if (error instanceof IdentityError) return error;
  const name = (error as { name?: string } | null)?.name ?? 'Error';
  const code = (error as { code?: unknown } | null)?.code;
  const cause = (error as { cause?: { message?: unknown; name?: unknown } } | null)?.cause;
  const causeMessage = typeof cause?.message === 'string' ? cause.message : '';
  log(`identity provider call failed: ${name}${typeof code === 'string' ? ` ${code}` : ''}: ${causeMessage || (error as Error)?.message}`);
  const timedOut = [name, cause?.name].some((value) => value === 'TimeoutError' || value === 'AbortError');
  if (timedOut) return invalidResponse('The identity provider did not answer in time; try again');
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    if (causeMessage.includes('"nonce"')) return identityError('MISSING_OR_INVALID_NONCE', 'The ID token was not issued for this sign-in');
    if (causeMessage.includes('"aud"')) return invalidResponse('The ID token was issued to another application (audience)');
    if (causeMessage.includes('"iss"')) return invalidResponse('The ID token was issued by another provider (issuer)');
    return invalidResponse('The ID token does not match this sign-in');
  }
  if (causeMessage.includes('"state"')) return invalidResponse('The answer does not belong to this sign-in (state)');
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return invalidResponse('The ID token has expired');
  if (code === 'OAUTH_INVALID_RESPONSE' && /signature/i.test(causeMessage)) return invalidResponse('The ID token signature is not valid');
  if (name === 'ResponseBodyError' || name === 'AuthorizationResponseError') {
    const oauthError = (error as { error?: unknown }).error;
    return invalidResponse(
      `The identity provider refused the sign-in (${typeof oauthError === 'string' ? oauthError.slice(0, 60) : 'error'})`,
    );
  }
  if (name === 'TypeError') return invalidResponse('The identity provider could not be reached; try again');
  return invalidResponse('The identity provider gave an answer that could not be verified');
}

/** Pure: ID-token verification failures (jose) in the provider's words. */
export function idTokenProblem(error: unknown): IdentityError | undefined {
  if (error instanceof joseErrors.JWTExpired) return invalidResponse('The ID token has expired');
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return invalidResponse('The ID token was issued to another application (audience)');
    if (error.claim === 'iss') return invalidResponse('The ID token was issued by another provider (issuer)');
    return invalidResponse(`The ID token's "${error.claim}" claim is not valid`);
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey) {
    return invalidResponse('The ID token signature is not valid');
  }
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid) return invalidResponse('The ID token is malformed');
  return undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length > MAX_PROVIDER_BODY) throw invalidResponse('The identity provider answered with too much data');
  try {
    return JSON.parse(text);
  } catch {
    throw invalidResponse('The identity provider answered with something other than JSON');
  }
}

const str = (value: unknown, max = 512): string | null => (typeof value === 'string' && value.length > 0 ? value.slice(0, max) : null);

/** Pure: an OpenID Connect claim set -> our identity. */
export function identityFromClaims(providerId: string, claims: Record<string, unknown>): ProviderIdentity {
  const sub = str(claims.sub, 255);
  if (!sub) throw invalidResponse('The ID token has no subject');
  return {
    providerId,
    federatedId: sub,
    email: str(claims.email, 254)?.toLowerCase() ?? null,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    displayName: str(claims.name, 200),
    photoUrl: str(claims.picture, 2048),
  };
}

/** Pure: GitHub's /user and /user/emails answers -> our identity. */
export function identityFromGitHub(providerId: string, user: Record<string, unknown>, emails: unknown): ProviderIdentity {
  const id = typeof user.id === 'number' || typeof user.id === 'string' ? String(user.id) : null;
  if (!id || id.length > 255) throw invalidResponse('The provider did not say who the user is');
  const list = Array.isArray(emails) ? (emails as { email?: unknown; primary?: unknown; verified?: unknown }[]) : [];
  const primary = list.find((entry) => entry.primary === true && typeof entry.email === 'string');
  const email = primary ? str(primary.email, 254) : str(user.email, 254);
  return {
    providerId,
    federatedId: id,
    email: email?.toLowerCase() ?? null,
    emailVerified: primary ? primary.verified === true : false,
    displayName: str(user.name, 200) ?? str(user.login, 200),
    photoUrl: str(user.avatar_url, 2048),
  };
}

/**
 * One configured provider, spoken to through openid-client (authorization code with PKCE,
 * state and nonce; ID token signature, issuer, audience, expiry and nonce checked). Discovery
 * happens on first use and is retried after a failure, so a provider that is down at start-up
 * only affects its own button.
 */
export function providerClient(config: IdentityProviderConfig, log: (message: string) => void) {
  let configuration: Promise<oidc.Configuration> | undefined;
  let remoteKeys: ReturnType<typeof createRemoteJWKSet> | undefined;

  function load(): Promise<oidc.Configuration> {
    configuration ??= (async () => {
      const insecure = config.kind === 'oidc' ? isLoopbackHttp(config.issuer) : isLoopbackHttp(config.tokenUrl);
      const execute = insecure ? [oidc.allowInsecureRequests] : [];
      if (config.kind === 'oidc') {
        const discovered = await oidc.discovery(new URL(config.issuer), config.clientId, config.clientSecret, oidc.ClientSecretPost(), {
          timeout: PROVIDER_TIMEOUT_MS / 1000,
          execute,
        });
        // Token-endpoint ID tokens are signature-checked too, not only trusted for arriving over TLS.
        oidc.enableNonRepudiationChecks(discovered);
        return discovered;
      }
      const plain = new oidc.Configuration(
        {
          issuer: new URL(config.authorizationUrl).origin,
          authorization_endpoint: config.authorizationUrl,
          token_endpoint: config.tokenUrl,
        },
        config.clientId,
        config.clientSecret,
        oidc.ClientSecretPost(),
      );
      plain.timeout = PROVIDER_TIMEOUT_MS / 1000;
      for (const step of execute) step(plain);
      return plain;
    })().catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw providerFailure(error, log);
    }
  }

  async function oauth2Profile(accessToken: string): Promise<ProviderIdentity> {
    const plain = config as OAuth2ProviderConfig;
    const headers = { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'northwind-identity' };
    const userResponse = await fetch(plain.userInfoUrl, { headers, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    if (userResponse.status === 401 || userResponse.status === 403) throw invalidResponse('The provider did not accept the access token');
    if (!userResponse.ok) throw invalidResponse(`The provider's user endpoint answered ${userResponse.status}`);
    const user = await readJson(userResponse);
    if (typeof user !== 'object' || user === null) throw invalidResponse('The provider did not say who the user is');
    // GitHub lists addresses, with whether each is verified, beside the profile.
    const emailsResponse = await fetch(`${plain.userInfoUrl.replace(/\/$/, '')}/emails`, {
      headers,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    const emails = emailsResponse.ok ? await readJson(emailsResponse) : [];
    return identityFromGitHub(config.providerId, user as Record<string, unknown>, emails);
  }

  return {
    config,

    async authorizationUrl(request: AuthorizationRequest): Promise<string> {
      const configured = await guarded(load);
      const parameters: Record<string, string> = {
        ...request.extraParameters,
        redirect_uri: request.redirectUri,
        scope: config.scopes.join(' '),
        response_type: 'code',
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      };
      if (config.kind === 'oidc') parameters.nonce = request.nonce;
      return oidc.buildAuthorizationUrl(configured, parameters).href;
    },

    /** The provider's answer at our handler URL -> tokens -> a verified identity. */
    async completeCodeFlow(
      currentUrl: URL,
      checks: { redirectUri: string; state: string; nonce: string | null; codeVerifier: string },
    ): Promise<{ identity: ProviderIdentity; tokens: ProviderTokens }> {
      return guarded(async () => {
        const configured = await load();
        const tokens = await oidc.authorizationCodeGrant(
          configured,
          currentUrl,
          {
            pkceCodeVerifier: checks.codeVerifier,
            expectedState: checks.state,
            ...(config.kind === 'oidc' ? { expectedNonce: checks.nonce ?? undefined, idTokenExpected: true } : {}),
          },
          { redirect_uri: checks.redirectUri },
        );
        if (config.kind === 'oauth2') {
          return { identity: await oauth2Profile(tokens.access_token), tokens: { accessToken: tokens.access_token } };
        }
        const claims = tokens.claims();
        if (!claims) throw invalidResponse('The provider sent no ID token');
        let identity = identityFromClaims(config.providerId, claims);
        if (!identity.email) {
          // Some providers (Microsoft) keep the address for the user-info endpoint.
          const info = await oidc.fetchUserInfo(configured, tokens.access_token, identity.federatedId);
          identity = identityFromClaims(config.providerId, { ...info, sub: identity.federatedId });
        }
        return { identity, tokens: { accessToken: tokens.access_token, ...(tokens.id_token ? { idToken: tokens.id_token } : {}) } };
      });
    },

    /** signInWithCredential: an ID token the client obtained itself, checked against the provider's keys. */
    async verifyIdToken(idToken: string, expectedNonce: string | undefined): Promise<ProviderIdentity> {
      if (config.kind !== 'oidc')
        throw identityError('INVALID_IDP_RESPONSE', `${config.providerId} does not issue ID tokens; send access_token`);
      if (idToken.length > 16_384) throw invalidResponse('The ID token is too long');
      const configured = await guarded(load);
      const metadata = configured.serverMetadata();
      if (!metadata.jwks_uri) throw invalidResponse('The provider publishes no signing keys');
      remoteKeys ??= createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: PROVIDER_TIMEOUT_MS });
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, remoteKeys, {
          issuer: metadata.issuer,
          audience: config.clientId,
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        throw idTokenProblem(error) ?? providerFailure(error, log);
      }
      if (expectedNonce !== undefined && payload.nonce !== expectedNonce) {
        throw identityError('MISSING_OR_INVALID_NONCE', 'The ID token was not issued for this sign-in');
      }
      return identityFromClaims(config.providerId, payload);
    },

    /** signInWithCredential with an OAuth 2 access token (GitHub): the provider says whose it is. */
    async verifyAccessToken(accessToken: string): Promise<ProviderIdentity> {
      if (config.kind !== 'oauth2') {
        // An access token says nothing about which application it was issued to: OIDC sign-in needs the ID token.
        throw identityError('INVALID_IDP_RESPONSE', `${config.providerId} sign-in needs an id_token`);
      }
      if (accessToken.length > 4096) throw invalidResponse('The access token is too long');
      return guarded(() => oauth2Profile(accessToken));
    },
  };
}

export type ProviderClient = ReturnType<typeof providerClient>;
