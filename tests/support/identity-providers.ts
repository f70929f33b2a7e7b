import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

/** An account at a test provider. */
export interface TestProviderAccount {
  email: string;
  emailVerified?: boolean;
  name?: string;
}

async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * A real OpenID Connect provider (oidc-provider, OpenID Certified) on loopback, with one test
 * client. The login step picks the account named by `login_hint` (customParameter) so a test
 * says who signs in; there is no consent step for the first-party test client.
 */
export async function startOidcProvider(options: { redirectUris: string[]; port?: number }) {
  const clientId = `northwind-test-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, TestProviderAccount>();
  const http = createServer();
  const port = await listen(http, options.port ?? 0);
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingJwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // The ID token carries the email, as Google's does.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name ?? account.email.split('@')[0],
          picture: `https://avatars.example/${id}.png`,
        }),
      };
    },
    loadExistingGrant: async (ctx: {
      oidc: {
        client: { clientId: string };
        session: { accountId: string; grantIdFor(id: string): string | undefined };
        provider: Provider;
      };
    }) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  let defaultAccount = 'alice';
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        const details = await provider.interactionDetails(req, res);
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : defaultAccount;
        await provider.interactionFinished(req, res, { login: { accountId: hint } }, { mergeWithLastSubmission: false });
      })().catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    callback(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    /** The provider's signing key, so tests can forge tokens with wrong claims but a good signature. */
    signingJwk,
    addAccount(id: string, account: TestProviderAccount) {
      accounts.set(id, account);
    },
    useAccount(id: string) {
      defaultAccount = id;
    },
    close: () => closeServer(http),
  };
}

export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/**
 * A small but real OAuth 2 provider in GitHub's shape (GitHub is not OpenID Connect):
 * authorize -> code (PKCE S256 checked) -> access token -> /user and /user/emails.
 */
export async function startGitHubLikeProvider(options: { redirectUri: string; port?: number }) {
  const clientId = `gh-test-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const accounts = new Map<string, TestProviderAccount & { id: number }>();
  const codes = new Map<string, { login: string; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, string>();
  let nextId = 1000;
  let defaultLogin = 'octo';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk: Buffer) => (data += chunk.toString()));
      req.on('end', () => resolve(data));
    });

  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const params = url.searchParams;
      if (params.get('client_id') !== clientId || params.get('redirect_uri') !== options.redirectUri)
        return send(res, 400, { error: 'bad client' });
      if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge'))
        return send(res, 400, { error: 'pkce required' });
      const login = params.get('login') ?? defaultLogin;
      const code = randomBytes(16).toString('hex');
      codes.set(code, { login, challenge: params.get('code_challenge')!, redirectUri: params.get('redirect_uri')! });
      const back = new URL(options.redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', params.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      void readBody(req).then((raw) => {
        const form = new URLSearchParams(raw);
        const entry = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
          return send(res, 401, { error: 'invalid_client' });
        if (!entry || entry.challenge !== challenge || entry.redirectUri !== form.get('redirect_uri'))
          return send(res, 400, { error: 'invalid_grant' });
        const token = `gho_${randomBytes(16).toString('hex')}`;
        tokens.set(token, entry.login);
        return send(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      });
      return;
    }
    const login = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    const account = login ? accounts.get(login) : undefined;
    if (url.pathname === '/user' || url.pathname === '/user/emails') {
      if (!account) return send(res, 401, { message: 'Bad credentials' });
      if (url.pathname === '/user') {
        return send(res, 200, {
          id: account.id,
          login,
          name: account.name ?? null,
          email: null,
          avatar_url: `https://avatars.example/${login}`,
        });
      }
      return send(res, 200, [{ email: account.email, primary: true, verified: account.emailVerified ?? true }]);
    }
    return send(res, 404, { message: 'Not Found' });
  });
  const port = await listen(http, options.port ?? 0);
  const base = `http://127.0.0.1:${port}`;
  return {
    clientId,
    clientSecret,
    authorizationUrl: `${base}/login/oauth/authorize`,
    tokenUrl: `${base}/login/oauth/access_token`,
    userInfoUrl: `${base}/user`,
    addAccount(login: string, account: TestProviderAccount) {
      accounts.set(login, { ...account, id: nextId++ });
    },
    useAccount(login: string) {
      defaultLogin = login;
    },
    /** An access token as GitHub would issue it to this client (for the credential flow). */
    issueToken(login: string) {
      const token = `gho_${randomBytes(16).toString('hex')}`;
      tokens.set(token, login);
      return token;
    },
    close: () => closeServer(http),
  };
}

export type TestGitHubProvider = Awaited<ReturnType<typeof startGitHubLikeProvider>>;

/**
 * Follows a provider's redirects as a browser would (keeping the provider's cookies) until it
 * sends the user back to `appOrigin`; returns that URL (the handler page with code and state).
 */
export async function followToApp(authUri: string, appOrigin: string): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authUri;
  for (let hop = 0; hop < 12; hop += 1) {
    if (url.startsWith(appOrigin)) return url;
    const response = await fetch(url, {
      redirect: 'manual',
      headers: cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {},
      signal: AbortSignal.timeout(10_000),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`The provider stopped at ${url} with ${response.status}: ${(await response.text()).slice(0, 300)}`);
    await response.arrayBuffer().catch(() => undefined);
    url = new URL(location, url).href;
  }
  throw new Error('Too many redirects at the provider');
}
