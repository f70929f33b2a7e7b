import { createServer, type Server } from 'node:net';
import { generateKeyPair, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  followToApp,
  startGitHubLikeProvider,
  startOidcProvider,
  type TestGitHubProvider,
  type TestOidcProvider,
} from '../support/identity-providers';
import { settingsRepository } from '../../src/server/platform/settings/repository';
import { ONE_ENGINE, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

interface ErrorBody {
  error: { code: number; message: string };
}
interface AssertionBody {
  providerId: string;
  federatedId: string;
  localId?: string;
  email?: string;
  emailVerified: boolean;
  displayName?: string;
  photoUrl?: string;
  idToken?: string;
  refreshToken?: string;
  isNewUser?: boolean;
  needConfirmation?: boolean;
  pendingToken?: string;
  oauthIdToken?: string;
  oauthAccessToken?: string;
}
interface LookupBody {
  users: { localId: string; providerUserInfo: { providerId: string; federatedId: string; email?: string }[] }[];
}

/** The app's public origin: providers send users back to APP/auth/handler (never fetched here). */
const APP = 'http://127.0.0.1:37019';
const HANDLER = `${APP}/auth/handler`;
const PASSWORD = 'correct horse 1';
let counter = 0;
const unique = (label: string) => `${label}${Date.now().toString(36)}${++counter}`;

let oidc: TestOidcProvider;
let github: TestGitHubProvider;

beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUris: [HANDLER] });
  github = await startGitHubLikeProvider({ redirectUri: HANDLER });
});
afterAll(async () => {
  await oidc?.close();
  await github?.close();
});

function providersEnv() {
  return JSON.stringify([
    { providerId: 'oidc.test', displayName: 'Test ID', issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret },
    {
      providerId: 'github.com',
      displayName: 'GitHub',
      authorizationUrl: github.authorizationUrl,
      tokenUrl: github.tokenUrl,
      userInfoUrl: github.userInfoUrl,
      clientId: github.clientId,
      clientSecret: github.clientSecret,
    },
  ]);
}

describe.each(ONE_ENGINE)('sign-in with identity providers (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine, env: { PUBLIC_URL: APP, IDENTITY_PROVIDERS: providersEnv() } });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const call = <T = AssertionBody>(endpoint: string, body: unknown) =>
    server.client.request<T>('POST', `/identity/v1/${endpoint}?key=${TEST_API_KEY}`, { body, csrf: false });

  /** A person with an account at the test OpenID provider. */
  function oidcPerson(label = 'oidc', verified = true) {
    const id = unique(label);
    const email = `${id}@example.com`;
    oidc.addAccount(id, { email, emailVerified: verified, name: `Person ${id}` });
    return { id, email };
  }

  async function startSignIn(providerId: string, login?: string) {
    const customParameter = login ? (providerId === 'github.com' ? { login } : { login_hint: login }) : undefined;
    const response = await call<{ authUri: string; sessionId: string }>('accounts:createAuthUri', {
      providerId,
      continueUri: `${APP}/login`,
      ...(customParameter ? { customParameter } : {}),
    });
    expect(response.status).toBe(200);
    return response.body;
  }

  /** The whole code flow as the browser and our handler page run it. */
  async function codeFlow(providerId: string, login: string, extra: Record<string, unknown> = {}) {
    const { authUri, sessionId } = await startSignIn(providerId, login);
    const requestUri = await followToApp(authUri, APP);
    return call('accounts:signInWithIdp', { requestUri, sessionId, returnSecureToken: true, ...extra });
  }

  const lookup = async (idToken: string) => (await call<LookupBody>('accounts:lookup', { idToken })).body.users[0]!;

  describe('createAuthUri', () => {
    it('answers the provider URL with PKCE, state and nonce, and never the client secret', async () => {
      const response = await call<{ authUri: string; sessionId: string; providerId: string }>('accounts:createAuthUri', {
        providerId: 'oidc.test',
        continueUri: `${APP}/login`,
        customParameter: { login_hint: 'x', state: 'attacker', redirect_uri: 'https://evil.example/' },
      });
      expect(response.status).toBe(200);
      const url = new URL(response.body.authUri);
      expect(url.origin).toBe(oidc.issuer);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('state')).not.toBe('attacker');
      expect(url.searchParams.get('nonce')).toBeTruthy();
      expect(url.searchParams.get('redirect_uri')).toBe(HANDLER);
      expect(url.searchParams.get('login_hint')).toBe('x');
      expect(response.body.sessionId).toMatch(/^[\w-]{40,}$/);
      expect(response.text).not.toContain(oidc.clientSecret);
      // The verifier stays on the server.
      const row = await server.database.db
        .selectFrom('idp_sessions')
        .selectAll()
        .where('state', '=', url.searchParams.get('state')!)
        .executeTakeFirst();
      expect(row?.code_verifier).toBeTruthy();
      expect(response.text).not.toContain(row!.code_verifier!);
    });

    it('refuses an unknown provider and a continue URI off the authorised domains', async () => {
      const unknown = await call<ErrorBody>('accounts:createAuthUri', { providerId: 'facebook.com', continueUri: `${APP}/login` });
      expect(unknown.body.error.message).toMatch(/^OPERATION_NOT_ALLOWED : The identity provider facebook.com is not enabled/);
      const offsite = await call<ErrorBody>('accounts:createAuthUri', { providerId: 'oidc.test', continueUri: 'https://evil.example/x' });
      expect(offsite.body.error.message).toBe('UNAUTHORIZED_DOMAIN');
      const missing = await call<ErrorBody>('accounts:createAuthUri', { providerId: 'oidc.test' });
      expect(missing.body.error.message).toBe('MISSING_CONTINUE_URI');
    });

    it('lists configured providers in /api/config with ids and names only', async () => {
      const response = await server.client.get<{ identityProviders: unknown[] }>('/api/config');
      expect(response.body.identityProviders).toEqual([
        { providerId: 'oidc.test', displayName: 'Test ID' },
        { providerId: 'github.com', displayName: 'GitHub' },
      ]);
      expect(response.text).not.toContain(oidc.clientSecret);
      expect(response.text).not.toContain(github.clientSecret);
    });
  });

  describe('OpenID Connect code flow', () => {
    it('creates the account on first sign-in and finds it on the second', async () => {
      const person = oidcPerson();
      const first = await codeFlow('oidc.test', person.id);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        providerId: 'oidc.test',
        federatedId: person.id,
        email: person.email,
        emailVerified: true,
        displayName: `Person ${person.id}`,
        photoUrl: `https://avatars.example/${person.id}.png`,
        isNewUser: true,
      });
      expect(first.body.idToken).toBeTruthy();
      expect(first.body.oauthIdToken).toBeUndefined();
      const user = await lookup(first.body.idToken!);
      expect(user.providerUserInfo).toEqual([
        expect.objectContaining({ providerId: 'oidc.test', federatedId: person.id, email: person.email }),
      ]);

      const second = await codeFlow('oidc.test', person.id, { returnIdpCredential: true });
      expect(second.status).toBe(200);
      expect(second.body.isNewUser).toBe(false);
      expect(second.body.localId).toBe(first.body.localId);
      expect(second.body.oauthIdToken).toMatch(/^ey/);
      expect(second.body.oauthAccessToken).toBeTruthy();
    });

    it('creates no account while sign-up is closed, and still signs in an existing one', async () => {
      const settings = settingsRepository(server.database.db);
      const member = oidcPerson();
      expect((await codeFlow('oidc.test', member.id)).status).toBe(200);
      await settings.set('signUpOpen', false, null, new Date().toISOString());
      try {
        const newcomer = oidcPerson();
        const refused = (await codeFlow('oidc.test', newcomer.id)) as unknown as { status: number; body: ErrorBody };
        expect(refused.status).toBe(400);
        expect(refused.body.error.message).toMatch(/^ADMIN_ONLY_OPERATION/);
        const again = await codeFlow('oidc.test', member.id);
        expect(again.status).toBe(200);
        expect(again.body.isNewUser).toBe(false);
      } finally {
        await settings.set('signUpOpen', true, null, new Date().toISOString());
      }
    });

    it('refuses a replayed answer (state) and an answer from another sign-in', async () => {
      const person = oidcPerson();
      const { authUri, sessionId } = await startSignIn('oidc.test', person.id);
      const requestUri = await followToApp(authUri, APP);
      expect((await call('accounts:signInWithIdp', { requestUri, sessionId })).status).toBe(200);
      const replay = await call<ErrorBody>('accounts:signInWithIdp', { requestUri, sessionId });
      expect(replay.body.error.message).toBe('INVALID_IDP_RESPONSE : This sign-in was already completed; start again');

      const other = await startSignIn('oidc.test', person.id);
      const otherUri = await followToApp(other.authUri, APP);
      const mine = await startSignIn('oidc.test', person.id);
      const crossed = await call<ErrorBody>('accounts:signInWithIdp', { requestUri: otherUri, sessionId: mine.sessionId });
      expect(crossed.body.error.message).toBe('INVALID_IDP_RESPONSE : The answer does not belong to this sign-in (state)');
    });

    it('refuses an ID token whose nonce is not this sign-in', async () => {
      const person = oidcPerson();
      const { authUri, sessionId } = await startSignIn('oidc.test', person.id);
      const tampered = new URL(authUri);
      tampered.searchParams.set('nonce', 'someone-elses-nonce');
      const requestUri = await followToApp(tampered.href, APP);
      const response = await call<ErrorBody>('accounts:signInWithIdp', { requestUri, sessionId });
      expect(response.body.error.message).toBe('MISSING_OR_INVALID_NONCE : The ID token was not issued for this sign-in');
    });

    it('refuses a sign-in that took more than 10 minutes, and a handler URL on another origin', async () => {
      const person = oidcPerson();
      const { authUri, sessionId } = await startSignIn('oidc.test', person.id);
      const requestUri = await followToApp(authUri, APP);
      const state = new URL(requestUri).searchParams.get('state')!;
      await server.database.db
        .updateTable('idp_sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('state', '=', state)
        .execute();
      const late = await call<ErrorBody>('accounts:signInWithIdp', { requestUri, sessionId });
      expect(late.body.error.message).toMatch(/^SESSION_EXPIRED/);
      const elsewhere = await call<ErrorBody>('accounts:signInWithIdp', {
        requestUri: requestUri.replace(APP, 'https://evil.example'),
        sessionId,
      });
      expect(elsewhere.body.error.message).toMatch(/^INVALID_IDP_RESPONSE : requestUri must be this server's \/auth\/handler page/);
    });
  });

  describe('credential flow (postBody)', () => {
    it("signs in with the provider's own ID token", async () => {
      const person = oidcPerson();
      const first = await codeFlow('oidc.test', person.id, { returnIdpCredential: true });
      const response = await call('accounts:signInWithIdp', {
        postBody: `id_token=${first.body.oauthIdToken}&providerId=oidc.test`,
        requestUri: `${APP}/login`,
      });
      expect(response.status).toBe(200);
      expect(response.body.localId).toBe(first.body.localId);
      expect(response.body.isNewUser).toBe(false);
    });

    async function forged(claims: Record<string, unknown>, key?: CryptoKey) {
      const now = Math.floor(Date.now() / 1000);
      const signingKey = key ?? ((await importJWK(oidc.signingJwk, 'RS256')) as CryptoKey);
      return new SignJWT({ email: 'forged@example.com', email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: oidc.signingJwk.kid! })
        .setIssuer((claims.iss as string) ?? oidc.issuer)
        .setAudience((claims.aud as string) ?? oidc.clientId)
        .setSubject('forged-subject')
        .setIssuedAt(now - 60)
        .setExpirationTime((claims.exp as number) ?? now + 600)
        .sign(signingKey);
    }

    it.each([
      ['a wrong audience', { aud: 'another-app' }, 'INVALID_IDP_RESPONSE : The ID token was issued to another application (audience)'],
      [
        'a wrong issuer',
        { iss: 'https://impostor.example' },
        'INVALID_IDP_RESPONSE : The ID token was issued by another provider (issuer)',
      ],
      ['an expired token', { exp: Math.floor(Date.now() / 1000) - 120 }, 'INVALID_IDP_RESPONSE : The ID token has expired'],
    ])('refuses %s', async (_name, claims, message) => {
      const token = await forged(claims);
      const response = await call<ErrorBody>('accounts:signInWithIdp', { postBody: `id_token=${token}&providerId=oidc.test` });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(message);
    });

    it('refuses a bad signature and a wrong nonce, and accepts the good token', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const badSignature = await forged({}, privateKey);
      const bad = await call<ErrorBody>('accounts:signInWithIdp', { postBody: `id_token=${badSignature}&providerId=oidc.test` });
      expect(bad.body.error.message).toBe('INVALID_IDP_RESPONSE : The ID token signature is not valid');
      const withNonce = await forged({ nonce: 'n-1' });
      const wrongNonce = await call<ErrorBody>('accounts:signInWithIdp', {
        postBody: `id_token=${withNonce}&providerId=oidc.test&nonce=n-2`,
      });
      expect(wrongNonce.body.error.message).toBe('MISSING_OR_INVALID_NONCE : The ID token was not issued for this sign-in');
      const good = await call('accounts:signInWithIdp', { postBody: `id_token=${withNonce}&providerId=oidc.test&nonce=n-1` });
      expect(good.status).toBe(200);
      expect(good.body.federatedId).toBe('forged-subject');
    });

    it('refuses an access token for an OpenID Connect provider and a credential without a token', async () => {
      const access = await call<ErrorBody>('accounts:signInWithIdp', { postBody: 'access_token=abc&providerId=oidc.test' });
      expect(access.body.error.message).toBe('INVALID_IDP_RESPONSE : oidc.test sign-in needs an id_token');
      const empty = await call<ErrorBody>('accounts:signInWithIdp', { postBody: 'providerId=oidc.test' });
      expect(empty.body.error.message).toBe('INVALID_IDP_RESPONSE : postBody needs id_token or access_token');
    });
  });

  describe('OAuth 2 (GitHub shape)', () => {
    it('signs in with the code flow and PKCE, then with an access token', async () => {
      const login = unique('octo');
      github.addAccount(login, { email: `${login}@example.com`, name: 'Octo Cat' });
      const first = await codeFlow('github.com', login);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        providerId: 'github.com',
        email: `${login}@example.com`,
        emailVerified: true,
        displayName: 'Octo Cat',
        isNewUser: true,
      });
      const byToken = await call('accounts:signInWithIdp', { postBody: `access_token=${github.issueToken(login)}&providerId=github.com` });
      expect(byToken.status).toBe(200);
      expect(byToken.body.localId).toBe(first.body.localId);
      const refused = await call<ErrorBody>('accounts:signInWithIdp', { postBody: 'access_token=gho_forged&providerId=github.com' });
      expect(refused.body.error.message).toBe('INVALID_IDP_RESPONSE : The provider did not accept the access token');
    });
  });

  describe('linking', () => {
    it('never takes over an existing account by email: prove it, then link with the pending token', async () => {
      const person = oidcPerson();
      const signUp = await call<{ idToken: string; localId: string }>('accounts:signUp', { email: person.email, password: PASSWORD });
      const offered = await codeFlow('oidc.test', person.id);
      expect(offered.status).toBe(200);
      expect(offered.body).toMatchObject({ needConfirmation: true, email: person.email });
      expect(offered.body.idToken).toBeUndefined();
      expect(offered.body.pendingToken).toBeTruthy();
      expect((await lookup(signUp.body.idToken)).providerUserInfo.map((p) => p.providerId)).toEqual(['password']);

      const proved = await call<{ idToken: string }>('accounts:signInWithPassword', { email: person.email, password: PASSWORD });
      const linked = await call('accounts:signInWithIdp', { idToken: proved.body.idToken, pendingToken: offered.body.pendingToken });
      expect(linked.status).toBe(200);
      expect(linked.body.localId).toBe(signUp.body.localId);
      expect((await lookup(linked.body.idToken!)).providerUserInfo.map((p) => p.providerId)).toEqual(['password', 'oidc.test']);
      const again = await call<ErrorBody>('accounts:signInWithIdp', {
        idToken: proved.body.idToken,
        pendingToken: offered.body.pendingToken,
      });
      expect(again.body.error.message).toBe('INVALID_PENDING_TOKEN');

      const next = await codeFlow('oidc.test', person.id);
      expect(next.body.localId).toBe(signUp.body.localId);
    });

    it('refuses to link an identity that belongs to another account', async () => {
      const person = oidcPerson();
      const owner = await codeFlow('oidc.test', person.id);
      expect(owner.body.isNewUser).toBe(true);
      const other = await call<{ idToken: string }>('accounts:signUp', { email: `${unique('other')}@example.com`, password: PASSWORD });
      const { authUri, sessionId } = await startSignIn('oidc.test', person.id);
      const requestUri = await followToApp(authUri, APP);
      const response = await call<ErrorBody>('accounts:signInWithIdp', { requestUri, sessionId, idToken: other.body.idToken });
      expect(response.body.error.message).toBe('FEDERATED_USER_ID_ALREADY_LINKED');
      expect((await lookup(other.body.idToken)).providerUserInfo.map((p) => p.providerId)).toEqual(['password']);
    });

    it('links from the account, unlinks, and never removes the last way to sign in', async () => {
      const person = oidcPerson();
      const login = unique('octo');
      github.addAccount(login, { email: `${login}@example.com` });
      const account = await codeFlow('oidc.test', person.id);
      const linked = await codeFlow('github.com', login, { idToken: account.body.idToken });
      expect(linked.status).toBe(200);
      expect(linked.body.localId).toBe(account.body.localId);
      expect((await lookup(linked.body.idToken!)).providerUserInfo.map((p) => p.providerId)).toEqual(['oidc.test', 'github.com']);

      const unlinked = await call<{ providerUserInfo: { providerId: string }[] }>('accounts:update', {
        idToken: linked.body.idToken,
        deleteProvider: ['oidc.test'],
      });
      expect(unlinked.status).toBe(200);
      expect(unlinked.body.providerUserInfo.map((p) => p.providerId)).toEqual(['github.com']);
      const last = await call<ErrorBody>('accounts:update', {
        idToken: linked.body.idToken,
        deleteProvider: ['github.com'],
        displayName: 'New',
      });
      expect(last.body.error.message).toMatch(/^LAST_SIGN_IN_METHOD : /);
      const after = await lookup(linked.body.idToken!);
      expect(after.providerUserInfo.map((p) => p.providerId)).toEqual(['github.com']);
      const notLinked = await call<ErrorBody>('accounts:update', { idToken: linked.body.idToken, deleteProvider: ['oidc.test'] });
      expect(notLinked.body.error.message).toMatch(/^INVALID_PROVIDER_ID : oidc.test is not a sign-in method/);
      // The unlinked identity is free again: signing in with it makes a new account.
      const fresh = await codeFlow('oidc.test', person.id);
      expect(fresh.body.isNewUser ?? fresh.body.needConfirmation).toBeTruthy();
    });
  });
});

describe('a provider that does not answer', () => {
  let hung: Server;
  let server: TestServer;

  beforeAll(async () => {
    hung = createServer(() => undefined);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const port = (hung.address() as { port: number }).port;
    server = await startTestServer({
      env: {
        PUBLIC_URL: APP,
        IDENTITY_PROVIDERS: JSON.stringify([
          { providerId: 'oidc.hung', displayName: 'Hung', issuer: `http://127.0.0.1:${port}`, clientId: 'c', clientSecret: 'never-shown' },
        ]),
      },
    });
  });
  afterAll(async () => {
    await server?.destroy();
    hung?.close();
  });

  it('is given up after the timeout with a clear code', async () => {
    const started = Date.now();
    const response = await server.client.request<ErrorBody>('POST', `/identity/v1/accounts:createAuthUri?key=${TEST_API_KEY}`, {
      body: { providerId: 'oidc.hung', continueUri: `${APP}/login` },
      csrf: false,
    });
    expect(response.body.error.message).toBe('INVALID_IDP_RESPONSE : The identity provider did not answer in time; try again');
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(response.text).not.toContain('never-shown');
  }, 30_000);
});
