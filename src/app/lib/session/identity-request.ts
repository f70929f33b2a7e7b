import { apiRequest } from '../../../common/api-client';
import { AuthError, clientCodeFor, splitProviderMessage } from '../../../common/auth-errors';
import { AUTH } from '../../../common/constants';

/**
 * The requests of our identity service (/identity/v1, the Identity Toolkit v1 wire format), and
 * the three calls the session itself makes (sign in, refresh, the authorized domains); the
 * account's own calls are the auth feature's (features/auth/api/identity-client.ts).
 * Every failure becomes an AuthError with a client code of the catalogue (src/common/auth-errors.ts); a network failure or a
 * 30 s timeout is network-request-failed.
 */

export interface SessionResponse {
  idToken: string;
  refreshToken: string;
  expiresIn: string;
  localId: string;
  email: string;
  registered?: boolean;
}

export interface AccountInfo {
  localId: string;
  email: string;
  emailVerified: boolean;
  displayName?: string;
  createdAt: string;
  lastLoginAt?: string;
  /** The ways into the account: `password` (when one is set) and each linked provider. */
  providerUserInfo?: { providerId: string; federatedId: string; email?: string; displayName?: string }[];
  /** The second factor, when two-step sign-in is on. */
  mfaInfo?: MfaInfo[];
}

export interface MfaInfo {
  mfaEnrollmentId: string;
  displayName?: string;
  enrolledAt: string;
}

export interface UpdateResponse {
  localId: string;
  email: string;
  idToken?: string;
  refreshToken?: string;
  expiresIn?: string;
}

export interface TokenResponse {
  id_token: string;
  refresh_token: string;
  expires_in: string;
  user_id: string;
}

export interface PublicConfig {
  apiKey: string;
  /** Sign-in providers configured on the server: id and button label. */
  identityProviders?: { providerId: string; displayName: string }[];
}

let publicConfig: Promise<PublicConfig> | undefined;

/** /api/config, asked once per page load (again after a failure). */
export function loadPublicConfig(): Promise<PublicConfig> {
  publicConfig ??= apiRequest<PublicConfig>('/api/config').catch((error: unknown) => {
    publicConfig = undefined;
    throw error;
  });
  return publicConfig;
}

function apiKey(): Promise<string> {
  return loadPublicConfig().then((config) => config.apiKey);
}

/** `v2/...` paths are the Identity Toolkit v2 endpoints (two-step sign-in); the rest are v1. */
export async function send<T>(
  path: string,
  init: { method: 'GET' | 'POST'; body?: string; contentType?: string; headers?: Record<string, string> },
): Promise<T> {
  let key: string;
  try {
    key = await apiKey();
  } catch {
    throw new AuthError('network-request-failed');
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), AUTH.networkTimeoutMs);
  let response: Response;
  try {
    response = await fetch(`/identity/${path.startsWith('v2/') ? '' : 'v1/'}${path}?key=${encodeURIComponent(key)}`, {
      method: init.method,
      headers: { Accept: 'application/json', ...(init.contentType ? { 'Content-Type': init.contentType } : {}), ...init.headers },
      body: init.body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    throw new AuthError('network-request-failed');
  } finally {
    clearTimeout(timer);
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  if (response.ok) return payload as T;
  const message = (payload as { error?: { message?: unknown } } | undefined)?.error?.message;
  if (typeof message === 'string') {
    const error = AuthError.fromProvider(message);
    // Keep the server's detail where our own sentence would say less (e.g. the weak-password rule).
    const { detail } = splitProviderMessage(message);
    if (detail && clientCodeFor(message) === 'internal-error') throw new AuthError('internal-error', error.providerCode, detail);
    throw error;
  }
  throw new AuthError(response.status >= 500 || response.status === 0 ? 'network-request-failed' : 'internal-error');
}

export const post = <T>(endpoint: string, body: Record<string, unknown>) =>
  send<T>(endpoint, { method: 'POST', body: JSON.stringify(body), contentType: 'application/json' });

/** What the session needs of the identity service. */
export const sessionClient = {
  signInWithPassword: (email: string, password: string) =>
    post<SessionResponse>('accounts:signInWithPassword', { email, password, returnSecureToken: true }),
  authorizedDomains: async () => (await send<{ authorizedDomains: string[] }>('projects', { method: 'GET' })).authorizedDomains,
  refresh: (refreshToken: string) =>
    send<TokenResponse>('token', {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    }),
};
