import { z } from 'zod';

/** An OpenID Connect provider, found through its discovery document at `issuer`. */
export interface OidcProviderConfig {
  kind: 'oidc';
  providerId: string;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
}

/** A plain OAuth 2 provider (GitHub's shape): no ID token, the profile comes from `userInfoUrl`. */
export interface OAuth2ProviderConfig {
  kind: 'oauth2';
  providerId: string;
  displayName: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
}

export type IdentityProviderConfig = OidcProviderConfig | OAuth2ProviderConfig;

/** What the browser may learn about a provider: never the client id's secret. */
export interface PublicProviderInfo {
  providerId: string;
  displayName: string;
}

const OIDC_ID = /^(google\.com|microsoft\.com|oidc\.[a-z0-9][a-z0-9-]{0,39})$/;
const OAUTH2_ID = /^github\.com$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Pure: https anywhere; http only on a loopback address (tests and local development). */
export function endpointProblem(raw: string): string | undefined {
  if (raw.length > 2048) return 'is longer than 2048 characters';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return 'must be an https URL (http only on a loopback address)';
}

const text = (max: number) => z.string().trim().min(1, 'is missing').max(max, `is longer than ${max} characters`);
const endpoint = text(2048).superRefine((value, ctx) => {
  const problem = endpointProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const entrySchema = z
  .object({
    providerId: text(60),
    displayName: text(60),
    clientId: text(512),
    clientSecret: text(2048),
    issuer: endpoint.optional(),
    authorizationUrl: endpoint.optional(),
    tokenUrl: endpoint.optional(),
    userInfoUrl: endpoint.optional(),
    scopes: z.array(text(100)).max(20).optional(),
  })
  .strict();

export class ProviderConfigError extends Error {
  override name = 'ProviderConfigError';
}

function describe(index: number, raw: unknown): string {
  const id = (raw as { providerId?: unknown } | null)?.providerId;
  return `entry ${index + 1}${typeof id === 'string' && id.length <= 60 ? ` ("${id}")` : ''}`;
}

function parseEntry(raw: unknown, index: number): IdentityProviderConfig {
  const where = describe(index, raw);
  const result = entrySchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path.join('.');
    // zod's own message for unknown keys names them; never echo a value (it may be a secret).
    throw new ProviderConfigError(`${where}: ${field ? `${field} ` : ''}${issue.message}`);
  }
  const entry = result.data;
  const hasOAuth2Urls = entry.authorizationUrl !== undefined || entry.tokenUrl !== undefined || entry.userInfoUrl !== undefined;
  if (entry.issuer !== undefined) {
    if (hasOAuth2Urls) throw new ProviderConfigError(`${where}: give either issuer (OpenID Connect) or the OAuth 2 URLs, not both`);
    if (!OIDC_ID.test(entry.providerId)) {
      throw new ProviderConfigError(`${where}: providerId of an OpenID Connect provider must be google.com, microsoft.com or oidc.<name>`);
    }
    return {
      kind: 'oidc',
      providerId: entry.providerId,
      displayName: entry.displayName,
      issuer: entry.issuer,
      clientId: entry.clientId,
      clientSecret: entry.clientSecret,
      scopes: entry.scopes ?? ['openid', 'email', 'profile'],
    };
  }
  if (!entry.authorizationUrl || !entry.tokenUrl || !entry.userInfoUrl) {
    throw new ProviderConfigError(`${where}: needs issuer (OpenID Connect) or authorizationUrl, tokenUrl and userInfoUrl (OAuth 2)`);
  }
  if (!OAUTH2_ID.test(entry.providerId)) throw new ProviderConfigError(`${where}: providerId of an OAuth 2 provider must be github.com`);
  return {
    kind: 'oauth2',
    providerId: entry.providerId,
    displayName: entry.displayName,
    authorizationUrl: entry.authorizationUrl,
    tokenUrl: entry.tokenUrl,
    userInfoUrl: entry.userInfoUrl,
    clientId: entry.clientId,
    clientSecret: entry.clientSecret,
    scopes: entry.scopes ?? ['read:user', 'user:email'],
  };
}

/** Parses IDENTITY_PROVIDERS; the first problem becomes one line naming the entry, never a secret. */
export function parseIdentityProviders(raw: string | undefined): IdentityProviderConfig[] {
  if (raw === undefined || raw.trim() === '') return [];
  if (raw.length > 100_000) throw new ProviderConfigError('is longer than 100000 characters');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ProviderConfigError('is not valid JSON (expected an array of providers)');
  }
  if (!Array.isArray(parsed)) throw new ProviderConfigError('must be a JSON array of providers');
  if (parsed.length > 20) throw new ProviderConfigError('lists more than 20 providers');
  const providers = parsed.map(parseEntry);
  const seen = new Set<string>();
  providers.forEach((provider, index) => {
    if (seen.has(provider.providerId)) throw new ProviderConfigError(`${describe(index, provider)}: providerId appears twice`);
    seen.add(provider.providerId);
  });
  return providers;
}

export const publicProviderInfo = (providers: readonly IdentityProviderConfig[]): PublicProviderInfo[] =>
  providers.map(({ providerId, displayName }) => ({ providerId, displayName }));
