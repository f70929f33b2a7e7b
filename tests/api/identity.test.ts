import { Writable } from 'node:stream';
import { createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { requireUser } from '../../src/server/identity/require-user';
import {
  createTestDatabase,
  ENGINES,
  ONE_ENGINE,
  HttpClient,
  startTestServer,
  TEST_API_KEY,
  type TestServer,
} from '../support/test-server';

interface IdentityErrorBody {
  error: { code: number; message: string; errors: { message: string; domain: string; reason: string; location?: string }[] };
}
interface SessionBody {
  kind: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
  localId: string;
  email: string;
  registered?: boolean;
  isNewUser?: boolean;
}
interface TokenBody {
  access_token: string;
  expires_in: string;
  token_type: string;
  refresh_token: string;
  id_token: string;
  user_id: string;
}
interface LookupBody {
  users: {
    localId: string;
    email: string;
    emailVerified: boolean;
    passwordHash: string;
    providerUserInfo: { providerId: string; email: string }[];
    createdAt: string;
    lastLoginAt: string;
    validSince: string;
  }[];
}

const KEY = `key=${TEST_API_KEY}`;
const PASSWORD = 'correct horse 1';
let counter = 0;
const uniqueEmail = (label = 'user') => `${label}.${Date.now().toString(36)}.${++counter}@example.com`;

/** Posts to the identity service the way its clients do (no CSRF header: it is not /api). */
function identity(server: TestServer) {
  const call = <T = SessionBody>(endpoint: string, body: unknown, query = KEY) =>
    server.client.request<T>('POST', `/identity/v1/${endpoint}?${query}`, { body, csrf: false });
  const refresh = (refreshToken: string, grantType = 'refresh_token') =>
    server.client.request<TokenBody>('POST', `/identity/v1/token?${KEY}`, {
      rawBody: new URLSearchParams({ grant_type: grantType, refresh_token: refreshToken }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
  const signUp = async (email = uniqueEmail(), password = PASSWORD) => {
    const response = await call('accounts:signUp', { email, password, returnSecureToken: true });
    expect(response.status, response.text).toBe(200);
    return { ...response.body, password };
  };
  const signIn = (email: string, password: string) => call('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  const lookup = (idToken: string) => call<LookupBody>('accounts:lookup', { idToken });
  return { call, refresh, signUp, signIn, lookup };
}

/** The provider code of an Identity Toolkit error body, with the shape checked on the way. */
function providerCode(response: { status: number; body: unknown }): string {
  const body = response.body as IdentityErrorBody;
  expect(body.error.code).toBe(response.status);
  expect(body.error.errors[0]!.domain).toBe('global');
  return body.error.message.split(' : ')[0]!;
}

async function userCount(server: TestServer): Promise<number> {
  const row = await server.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(ENGINES)('identity service on %s', (engine) => {
  let server: TestServer;
  let api: ReturnType<typeof identity>;

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      // Dozens of sign-ups and mails from one address here; their own limits are tested apart.
      env: { SIGN_UP_LIMIT_PER_HOUR: '1000', MAIL_LIMIT_PER_HOUR: '1000' },
      routes: (app) => {
        app.get('/api/test-me', async (request) => requireUser(request));
      },
    });
    api = identity(server);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  describe('accounts:signUp', () => {
    it('creates the account and answers the Identity Toolkit session fields', async () => {
      const email = uniqueEmail();
      const response = await api.call('accounts:signUp', {
        email: ` ${email.toUpperCase()} `,
        password: 'long enough',
        returnSecureToken: true,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.body).toMatchObject({ kind: 'identitytoolkit#SignupNewUserResponse', email, expiresIn: '3600' });
      expect(response.body.idToken.split('.')).toHaveLength(3);
      expect(response.body.refreshToken).toMatch(/^[\w-]{40,}$/);
      expect(response.body.localId).toMatch(/^[\w-]{28}$/);
      const row = await server.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', response.body.localId)
        .executeTakeFirstOrThrow();
      expect(row.email).toBe(email);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.password_hash).not.toContain('long enough');
      const stored = await server.database.db.selectFrom('refresh_tokens').selectAll().where('user_id', '=', row.id).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).not.toBe(response.body.refreshToken);
    });

    it('answers a retry with the same Idempotency-Key and body with the same account, never to another body', async () => {
      const email = uniqueEmail('retry');
      const key = `signup-${Date.now()}-${counter}`;
      const send = (body: Record<string, unknown>, headers: Record<string, string> = { 'idempotency-key': key }) =>
        server.client.request<SessionBody>('POST', `/identity/v1/accounts:signUp?${KEY}`, { body, headers, csrf: false });
      const before = await userCount(server);
      const answers = await Promise.all([1, 2, 3].map(() => send({ email, password: PASSWORD })));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.body.localId)).size).toBe(1);
      expect(await userCount(server)).toBe(before + 1);
      const retry = await send({ email, password: PASSWORD });
      expect(retry.body.localId).toBe(answers[0]!.body.localId);
      expect((await api.lookup(retry.body.idToken)).status).toBe(200);
      const otherPassword = await send({ email, password: 'not the same one' });
      expect(otherPassword.status).toBe(409);
      expect(providerCode(otherPassword)).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(otherPassword.text).not.toContain('idToken');
      expect(providerCode(await send({ email: uniqueEmail(), password: PASSWORD }))).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(providerCode(await send({ email, password: PASSWORD }, {}))).toBe('EMAIL_EXISTS');
      expect(providerCode(await send({ email, password: PASSWORD }, { 'idempotency-key': 'bad key!' }))).toBe('INVALID_ARGUMENT');
    });

    it('ignores unknown request fields', async () => {
      const response = await api.call('accounts:signUp', {
        email: uniqueEmail(),
        password: PASSWORD,
        tenantId: 'x',
        somethingNew: { a: 1 },
      });
      expect(response.status).toBe(200);
    });

    it.each([
      ['a duplicate email (any case)', 'EMAIL_EXISTS'],
      ['a malformed email', 'INVALID_EMAIL'],
      ['no email', 'MISSING_EMAIL'],
      ['a weak password', 'WEAK_PASSWORD'],
      ['no password', 'MISSING_PASSWORD'],
    ])('refuses %s with %s and changes nothing', async (_case, code) => {
      const existing = await api.signUp();
      const body = {
        EMAIL_EXISTS: { email: existing.email.toUpperCase(), password: PASSWORD },
        INVALID_EMAIL: { email: 'not-an-email', password: PASSWORD },
        MISSING_EMAIL: { password: PASSWORD },
        WEAK_PASSWORD: { email: uniqueEmail(), password: 'short' },
        MISSING_PASSWORD: { email: uniqueEmail() },
      }[code];
      const before = await userCount(server);
      const response = await api.call<IdentityErrorBody>('accounts:signUp', body);
      expect(response.status).toBe(400);
      expect(providerCode(response)).toBe(code);
      expect(await userCount(server)).toBe(before);
    });

    it('answers the exact error body of the protocol', async () => {
      const existing = await api.signUp();
      const response = await api.call<IdentityErrorBody>('accounts:signUp', { email: existing.email, password: PASSWORD });
      expect(response.body).toEqual({
        error: { code: 400, message: 'EMAIL_EXISTS', errors: [{ message: 'EMAIL_EXISTS', domain: 'global', reason: 'invalid' }] },
      });
      const weak = await api.call<IdentityErrorBody>('accounts:signUp', { email: uniqueEmail(), password: '1234567' });
      expect(weak.body.error.message).toBe('WEAK_PASSWORD : Password should be at least 8 characters');
    });

    it('refuses a wrong or missing API key with INVALID_API_KEY', async () => {
      const before = await userCount(server);
      const wrong = await api.call<IdentityErrorBody>('accounts:signUp', { email: uniqueEmail(), password: PASSWORD }, 'key=wrong');
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.message).toBe('INVALID_API_KEY');
      const missing = await api.call<IdentityErrorBody>('accounts:signUp', { email: uniqueEmail(), password: PASSWORD }, '');
      expect(missing.body.error.message).toBe('INVALID_API_KEY');
      expect(await userCount(server)).toBe(before);
    });

    it('answers a wrong field type with the field at fault, in the identity format', async () => {
      const response = await api.call<IdentityErrorBody>('accounts:signUp', { email: 42, password: ['x'] });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(/^INVALID_ARGUMENT : /);
      expect(response.body.error.errors.map((item) => item.location).sort()).toEqual(['email', 'password']);
    });

    it('answers malformed JSON and an oversize body in the identity format, without internals', async () => {
      const malformed = await server.client.request<IdentityErrorBody>('POST', `/identity/v1/accounts:signUp?${KEY}`, {
        rawBody: '{"email": ',
        headers: { 'content-type': 'application/json' },
        csrf: false,
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.message).toBe('INVALID_ARGUMENT : The request body is not valid JSON.');
      expect(malformed.text).not.toMatch(/at .*\.(js|ts):\d+|SyntaxError/);

      const oversize = await server.client.request<IdentityErrorBody>('POST', `/identity/v1/accounts:signUp?${KEY}`, {
        rawBody: JSON.stringify({ email: uniqueEmail(), password: 'x'.repeat(100_000) }),
        headers: { 'content-type': 'application/json' },
        csrf: false,
      });
      expect(oversize.status).toBe(413);
      expect(oversize.body.error.code).toBe(413);
      expect(oversize.body.error.message).toMatch(/^PAYLOAD_TOO_LARGE/);

      const unknown = await api.call<IdentityErrorBody>('accounts:nothing', {});
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe(404);
    });
  });

  describe('accounts:signInWithPassword', () => {
    it('signs in and records the login time', async () => {
      const user = await api.signUp();
      const response = await api.signIn(user.email.toUpperCase(), PASSWORD);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        kind: 'identitytoolkit#VerifyPasswordResponse',
        localId: user.localId,
        email: user.email,
        registered: true,
        expiresIn: '3600',
      });
      expect(response.body.refreshToken).not.toBe(user.refreshToken);
    });

    it.each([
      ['a wrong password', 'INVALID_PASSWORD'],
      ['an unknown email', 'EMAIL_NOT_FOUND'],
      ['a malformed email', 'INVALID_EMAIL'],
      ['no password', 'MISSING_PASSWORD'],
    ])('refuses %s with %s', async (_case, code) => {
      const user = await api.signUp();
      const body = {
        INVALID_PASSWORD: { email: user.email, password: 'wrong password' },
        EMAIL_NOT_FOUND: { email: uniqueEmail('nobody'), password: PASSWORD },
        INVALID_EMAIL: { email: 'nobody@', password: PASSWORD },
        MISSING_PASSWORD: { email: user.email },
      }[code];
      const response = await api.call<IdentityErrorBody>('accounts:signInWithPassword', body);
      expect(response.status).toBe(400);
      expect(providerCode(response)).toBe(code);
      expect(response.text).not.toContain('idToken');
    });
  });

  describe('ID tokens', () => {
    it('carry the claims of the protocol and verify against the published JWKS', async () => {
      const user = await api.signUp();
      const jwks = await server.client.get<{ keys: { kid: string; kty: string; alg: string; d?: string }[] }>('/identity/v1/jwks');
      expect(jwks.status).toBe(200);
      expect(jwks.body.keys.length).toBeGreaterThanOrEqual(1);
      expect(jwks.body.keys.every((key) => key.d === undefined)).toBe(true);
      const { payload, protectedHeader } = await jwtVerify(user.idToken, createLocalJWKSet(jwks.body as never), {
        issuer: 'northwind-identity',
        audience: 'northwind',
      });
      expect(protectedHeader.alg).toBe('ES256');
      expect(payload).toMatchObject({ sub: user.localId, user_id: user.localId, email: user.email, email_verified: false });
      expect(typeof payload.auth_time).toBe('number');
      expect(payload.exp! - payload.iat!).toBe(3600);
    });

    it('keep the same key after a restart', async () => {
      const user = await api.signUp();
      const restarted = await server.restart();
      server = restarted;
      api = identity(server);
      const response = await api.lookup(user.idToken);
      expect(response.status).toBe(200);
    });

    it('are refused when bad, expired, forged or their user is gone', async () => {
      const user = await api.signUp();
      const [header, payload, signature] = user.idToken.split('.') as [string, string, string];
      const claims = decodeJwt(user.idToken);

      // Altered payload, original signature.
      const altered = Buffer.from(JSON.stringify({ ...claims, email: 'admin@example.com' })).toString('base64url');
      // alg: none, no signature.
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      // Same claims and kid, signed with somebody else's key.
      const { privateKey } = await generateKeyPair('ES256');
      const kid = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string }).kid;
      const wrongKey = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey);
      // A symmetric token using the public key as the HMAC secret (algorithm confusion).
      const publicJwk = await exportJWK((await generateKeyPair('ES256')).publicKey);
      const hmac = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid })
        .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));

      for (const token of ['not-a-token', `${header}.${altered}.${signature}`, none, wrongKey, hmac]) {
        const response = await api.lookup(token);
        expect(response.status, token).toBe(400);
        expect(providerCode(response)).toBe('INVALID_ID_TOKEN');
      }

      const session = await server.app.identity.verify(user.idToken);
      const expired = await server.app.identity.tokens.signIdToken(
        {
          sub: user.localId,
          user_id: user.localId,
          email: user.email,
          email_verified: false,
          auth_time: claims.auth_time as number,
          sid: session.claims.sid,
        },
        Date.now() - 2 * 3600_000,
      );
      expect(providerCode(await api.lookup(expired))).toBe('TOKEN_EXPIRED');
      expect(providerCode(await api.call('accounts:lookup', {}))).toBe('MISSING_ID_TOKEN');

      await server.database.db.deleteFrom('users').where('id', '=', user.localId).execute();
      expect(providerCode(await api.lookup(user.idToken))).toBe('USER_NOT_FOUND');
    });
  });

  describe('requireUser', () => {
    it('gives /api routes the verified user, and a clear 401 otherwise', async () => {
      const user = await api.signUp();
      const me = await server.client.get<{ uid: string; email: string }>('/api/test-me', { authorization: `Bearer ${user.idToken}` });
      expect(me.status).toBe(200);
      expect(me.body).toEqual({ uid: user.localId, email: user.email });

      for (const authorization of [undefined, 'Bearer', `Basic ${user.idToken}`, 'Bearer nonsense', `Bearer ${user.idToken}x`]) {
        const response = await server.client.get<{ error: { code: string; message: string } }>(
          '/api/test-me',
          authorization ? { authorization } : {},
        );
        expect(response.status, authorization).toBe(401);
        expect(response.body.error.code).toBe('unauthenticated');
        expect(response.body.error.message).toMatch(/log in/i);
      }
    });
  });

  describe('token (refresh grant)', () => {
    it('rotates the refresh token and keeps the original sign-in time', async () => {
      const user = await api.signUp();
      const response = await api.refresh(user.refreshToken);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ token_type: 'Bearer', expires_in: '3600', user_id: user.localId });
      expect(response.body.access_token).toBe(response.body.id_token);
      expect(response.body.refresh_token).not.toBe(user.refreshToken);
      expect(decodeJwt(response.body.id_token).auth_time).toBe(decodeJwt(user.idToken).auth_time);
      expect((await api.lookup(response.body.id_token)).status).toBe(200);
    });

    it('revokes the whole family when a rotated token is used again', async () => {
      const user = await api.signUp();
      const first = await api.refresh(user.refreshToken);
      const reuse = await api.refresh(user.refreshToken);
      expect(reuse.status).toBe(400);
      expect(providerCode(reuse)).toBe('INVALID_REFRESH_TOKEN');
      // The thief's copy and the rightful holder's newer token both stop working.
      expect(providerCode(await api.refresh(first.body.refresh_token))).toBe('TOKEN_EXPIRED');
      expect(providerCode(await api.lookup(first.body.id_token))).toBe('TOKEN_EXPIRED');
    });

    it('refuses unknown tokens and wrong grants', async () => {
      expect(providerCode(await api.refresh('made-up-token'))).toBe('INVALID_REFRESH_TOKEN');
      expect(providerCode(await api.refresh('x', 'password'))).toBe('INVALID_GRANT_TYPE');
      const missing = await server.client.request('POST', `/identity/v1/token?${KEY}`, {
        rawBody: 'grant_type=refresh_token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        csrf: false,
      });
      expect(providerCode(missing)).toBe('MISSING_REFRESH_TOKEN');
    });

    it('also accepts a JSON body', async () => {
      const user = await api.signUp();
      const response = await api.call<TokenBody>('token', { grant_type: 'refresh_token', refresh_token: user.refreshToken });
      expect(response.status).toBe(200);
      expect(response.body.user_id).toBe(user.localId);
    });
  });

  describe('accounts:lookup', () => {
    it('answers the user fields with epoch-millisecond strings and no password hash', async () => {
      const before = Date.now();
      const user = await api.signUp();
      const response = await api.lookup(user.idToken);
      expect(response.status).toBe(200);
      const [info] = response.body.users;
      expect(info).toMatchObject({ localId: user.localId, email: user.email, emailVerified: false });
      expect(info!.createdAt).toMatch(/^\d{13}$/);
      expect(Number(info!.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(info!.lastLoginAt).toMatch(/^\d{13}$/);
      expect(info!.providerUserInfo[0]).toMatchObject({ providerId: 'password', email: user.email });
      expect(Buffer.from(info!.passwordHash, 'base64').toString()).toBe('REDACTED');
      expect(response.text).not.toMatch(/argon2/);
    });
  });

  describe('accounts:update', () => {
    it('changes the password, gives the caller fresh tokens and ends every other session', async () => {
      const user = await api.signUp();
      const otherDevice = (await api.signIn(user.email, PASSWORD)).body;
      const response = await api.call<SessionBody & { passwordHash: string }>('accounts:update', {
        idToken: user.idToken,
        password: 'a brand new secret',
        returnSecureToken: true,
      });
      expect(response.status).toBe(200);
      expect(response.body.idToken).toBeTruthy();
      expect(response.body.refreshToken).toBeTruthy();
      expect(response.text).not.toContain('a brand new secret');

      expect((await api.lookup(response.body.idToken)).status).toBe(200);
      expect((await api.refresh(response.body.refreshToken)).status).toBe(200);
      expect(providerCode(await api.lookup(user.idToken))).toBe('TOKEN_EXPIRED');
      expect(providerCode(await api.lookup(otherDevice.idToken))).toBe('TOKEN_EXPIRED');
      expect(providerCode(await api.refresh(otherDevice.refreshToken))).toBe('TOKEN_EXPIRED');
      expect(providerCode(await api.signIn(user.email, PASSWORD))).toBe('INVALID_PASSWORD');
      expect((await api.signIn(user.email, 'a brand new secret')).status).toBe(200);
    });

    it('changes the email, which must be valid and free', async () => {
      const user = await api.signUp();
      const taken = await api.signUp();
      expect(providerCode(await api.call('accounts:update', { idToken: user.idToken, email: taken.email }))).toBe('EMAIL_EXISTS');
      expect(providerCode(await api.call('accounts:update', { idToken: user.idToken, email: 'nope' }))).toBe('INVALID_EMAIL');
      expect(providerCode(await api.call('accounts:update', { idToken: user.idToken, password: 'short' }))).toBe('WEAK_PASSWORD');
      const next = uniqueEmail('renamed');
      const response = await api.call<SessionBody>('accounts:update', { idToken: user.idToken, email: next.toUpperCase() });
      expect(response.status).toBe(200);
      expect(response.body.email).toBe(next);
      expect((await api.signIn(next, PASSWORD)).status).toBe(200);
      expect(providerCode(await api.signIn(user.email, PASSWORD))).toBe('EMAIL_NOT_FOUND');
    });

    it('needs a sign-in younger than 5 minutes for email, password and delete', async () => {
      const user = await api.signUp();
      const { claims } = await server.app.identity.verify(user.idToken);
      const stale = await server.app.identity.tokens.signIdToken({
        sub: user.localId,
        user_id: user.localId,
        email: user.email,
        email_verified: false,
        auth_time: claims.auth_time - 6 * 60,
        sid: claims.sid,
      });
      expect((await api.lookup(stale)).status).toBe(200);
      for (const change of [{ password: 'another password' }, { email: uniqueEmail() }]) {
        const response = await api.call('accounts:update', { idToken: stale, ...change });
        expect(providerCode(response)).toBe('CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
      }
      expect(providerCode(await api.call('accounts:delete', { idToken: stale }))).toBe('CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
      // Nothing changed.
      expect((await api.signIn(user.email, PASSWORD)).status).toBe(200);
    });
  });

  describe('accounts:delete', () => {
    it('deletes the account and answers {}', async () => {
      const user = await api.signUp();
      const response = await api.call('accounts:delete', { idToken: user.idToken });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({});
      expect(providerCode(await api.lookup(user.idToken))).toBe('USER_NOT_FOUND');
      expect(providerCode(await api.signIn(user.email, PASSWORD))).toBe('EMAIL_NOT_FOUND');
      expect(providerCode(await api.refresh(user.refreshToken))).toBe('INVALID_REFRESH_TOKEN');
      const tokens = await server.database.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', user.localId).execute();
      expect(tokens).toEqual([]);
    });
  });

  describe('mailed codes', () => {
    const lastMail = (to: string) => {
      const mail = server.app.identity.mailer.outbox.filter((item) => item.to === to).at(-1);
      expect(mail, `a mail to ${to}`).toBeDefined();
      return { ...mail!, code: new URL(mail!.link).searchParams.get('oobCode')! };
    };

    it('resets a forgotten password with a single-use code', async () => {
      const user = await api.signUp();
      const sent = await api.call<{ email: string }>('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: user.email });
      expect(sent.status).toBe(200);
      expect(sent.body.email).toBe(user.email);
      const mail = lastMail(user.email);
      expect(mail.link).toMatch(/\/forgot-password\?mode=resetPassword&oobCode=/);
      expect(mail.text).toContain(mail.link);

      const check = await api.call<{ email: string }>('accounts:resetPassword', { oobCode: mail.code });
      expect(check.status).toBe(200);
      expect(check.body.email).toBe(user.email);
      const reset = await api.call<{ email: string }>('accounts:resetPassword', { oobCode: mail.code, newPassword: 'reset password 2' });
      expect(reset.status).toBe(200);
      expect((await api.signIn(user.email, 'reset password 2')).status).toBe(200);
      expect(providerCode(await api.lookup(user.idToken))).toBe('TOKEN_EXPIRED');
      const again = await api.call('accounts:resetPassword', { oobCode: mail.code, newPassword: 'reset password 3' });
      expect(providerCode(again)).toBe('INVALID_OOB_CODE');
    });

    it('refuses expired and unknown codes, unknown emails and foreign continue URLs', async () => {
      const user = await api.signUp();
      await api.call('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: user.email });
      const { code } = lastMail(user.email);
      await server.database.db
        .updateTable('oob_codes')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', user.email)
        .execute();
      expect(providerCode(await api.call('accounts:resetPassword', { oobCode: code, newPassword: 'whatever 123' }))).toBe(
        'EXPIRED_OOB_CODE',
      );
      expect(providerCode(await api.call('accounts:resetPassword', { oobCode: 'made-up', newPassword: 'whatever 123' }))).toBe(
        'INVALID_OOB_CODE',
      );
      expect(providerCode(await api.call('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: uniqueEmail('ghost') }))).toBe(
        'EMAIL_NOT_FOUND',
      );
      const foreign = await api.call('accounts:sendOobCode', {
        requestType: 'PASSWORD_RESET',
        email: user.email,
        continueUrl: 'https://evil.example/',
      });
      expect(providerCode(foreign)).toBe('UNAUTHORIZED_DOMAIN');
      expect(providerCode(await api.call('accounts:sendOobCode', { requestType: 'NONSENSE', email: user.email }))).toBe('INVALID_REQ_TYPE');
    });

    it('limits reset mails per address with RESET_PASSWORD_EXCEED_LIMIT', async () => {
      const user = await api.signUp();
      for (let i = 0; i < 5; i += 1) {
        expect((await api.call('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: user.email })).status).toBe(200);
      }
      const sixth = await api.call('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: user.email });
      expect(providerCode(sixth)).toBe('RESET_PASSWORD_EXCEED_LIMIT');
    });

    it('signs in with an email link, creating the account when new', async () => {
      const email = uniqueEmail('link');
      expect((await api.call('accounts:sendOobCode', { requestType: 'EMAIL_SIGNIN', email })).status).toBe(200);
      const mail = lastMail(email);
      expect(new URL(mail.link).pathname).toBe('/login');
      expect(providerCode(await api.call('accounts:signInWithEmailLink', { email: uniqueEmail('other'), oobCode: mail.code }))).toBe(
        'INVALID_EMAIL',
      );
      const response = await api.call('accounts:signInWithEmailLink', { email, oobCode: mail.code });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ email, isNewUser: true });
      const info = (await api.lookup(response.body.idToken)).body.users[0]!;
      expect(info.emailVerified).toBe(true);
      expect(providerCode(await api.call('accounts:signInWithEmailLink', { email, oobCode: mail.code }))).toBe('INVALID_OOB_CODE');

      const existing = await api.signUp();
      await api.call('accounts:sendOobCode', { requestType: 'EMAIL_SIGNIN', email: existing.email });
      const second = await api.call('accounts:signInWithEmailLink', { email: existing.email, oobCode: lastMail(existing.email).code });
      expect(second.body).toMatchObject({ localId: existing.localId, isNewUser: false });
    });

    it('verifies an email address', async () => {
      const user = await api.signUp();
      expect((await api.call('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: user.idToken })).status).toBe(200);
      const applied = await api.call<{ emailVerified: boolean }>('accounts:update', { oobCode: lastMail(user.email).code });
      expect(applied.status).toBe(200);
      expect(applied.body.emailVerified).toBe(true);
      expect(providerCode(await api.call('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: 'bad' }))).toBe(
        'INVALID_ID_TOKEN',
      );
    });
  });

  describe('pre-hijacked accounts', () => {
    const mailedCode = (to: string) =>
      new URL(server.app.identity.mailer.outbox.filter((mail) => mail.to === to).at(-1)!.link).searchParams.get('oobCode')!;

    it('an email link from the mailbox owner ends the sign-up of whoever set the password before', async () => {
      const victim = uniqueEmail('victim');
      const attacker = await api.signUp(victim, 'attacker password 1');
      expect((await api.call('accounts:sendOobCode', { requestType: 'EMAIL_SIGNIN', email: victim })).status).toBe(200);
      const owner = await api.call('accounts:signInWithEmailLink', { email: victim, oobCode: mailedCode(victim) });
      expect(owner.status).toBe(200);
      expect(owner.body).toMatchObject({ localId: attacker.localId, isNewUser: false });
      expect(providerCode(await api.signIn(victim, 'attacker password 1'))).toBe('INVALID_PASSWORD');
      expect(providerCode(await api.lookup(attacker.idToken))).toBe('TOKEN_EXPIRED');
      expect(providerCode(await api.refresh(attacker.refreshToken))).toBe('TOKEN_EXPIRED');
      const info = (await api.lookup(owner.body.idToken)).body.users[0]!;
      expect(info).toMatchObject({ emailVerified: true, providerUserInfo: [] });
    });

    it('a verification link opened without the session of the account does the same; with it, all stays', async () => {
      const victim = uniqueEmail('victim');
      const attacker = await api.signUp(victim, 'attacker password 2');
      await api.call('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: attacker.idToken });
      expect((await api.call('accounts:update', { oobCode: mailedCode(victim) })).status).toBe(200);
      expect(providerCode(await api.signIn(victim, 'attacker password 2'))).toBe('INVALID_PASSWORD');
      expect(providerCode(await api.refresh(attacker.refreshToken))).toBe('TOKEN_EXPIRED');

      const honest = await api.signUp(uniqueEmail('honest'), 'honest password 3');
      await api.call('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: honest.idToken });
      const applied = await api.call('accounts:update', { oobCode: mailedCode(honest.email), idToken: honest.idToken });
      expect(applied.body).toMatchObject({ emailVerified: true });
      expect((await api.signIn(honest.email, 'honest password 3')).status).toBe(200);
      expect((await api.lookup(honest.idToken)).status).toBe(200);
      // Once proved, a later email link keeps the password.
      await api.call('accounts:sendOobCode', { requestType: 'EMAIL_SIGNIN', email: honest.email });
      expect((await api.call('accounts:signInWithEmailLink', { email: honest.email, oobCode: mailedCode(honest.email) })).status).toBe(200);
      expect((await api.signIn(honest.email, 'honest password 3')).status).toBe(200);
    });
  });

  describe('housekeeping', () => {
    it('drops only sessions whose every token has expired, and long-expired codes', async () => {
      const user = await api.signUp();
      const refreshed = await api.refresh(user.refreshToken);
      await api.call('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: user.email });
      const in29Days = Date.now() + 29 * 24 * 3600_000;
      // 29 days on, the session's tokens (30-day lifetime) are all still live and stay; the
      // mailed code (1 hour) has long expired and goes.
      const early = await server.app.identity.housekeeping(in29Days);
      expect(early.refreshTokens).toBe(0);
      expect(early.oobCodes).toBeGreaterThanOrEqual(1);
      expect((await api.refresh(refreshed.body.refresh_token)).status).toBe(200);
      const later = await server.app.identity.housekeeping(Date.now() + 31 * 24 * 3600_000);
      expect(later.refreshTokens).toBeGreaterThanOrEqual(3);
      const left = await server.database.db.selectFrom('refresh_tokens').select('id').where('user_id', '=', user.localId).execute();
      expect(left).toEqual([]);
    });
  });

  describe('other endpoints', () => {
    it('answers signInWithIdp with OPERATION_NOT_ALLOWED and a clear message', async () => {
      const response = await api.call<IdentityErrorBody>('accounts:signInWithIdp', {
        requestUri: 'http://localhost',
        postBody: 'id_token=x',
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(/^OPERATION_NOT_ALLOWED : No identity provider/);
    });

    it('lists the authorised domains', async () => {
      const response = await server.client.get<{ authorizedDomains: string[] }>(`/identity/v1/projects?${KEY}`);
      expect(response.status).toBe(200);
      expect(response.body.authorizedDomains).toEqual(['localhost', '127.0.0.1']);
      const wrong = await server.client.get<IdentityErrorBody>('/identity/v1/projects?key=nope');
      expect(wrong.body.error.message).toBe('INVALID_API_KEY');
    });

    it('leaves the CSRF check to /api: a write there without the header is a 403', async () => {
      const user = await api.signUp();
      const response = await server.client.request<{ error: { code: string; message: string } }>('POST', '/api/movies', {
        body: { title: 'CSRF test', genres: ['Drama'] },
        headers: { authorization: `Bearer ${user.idToken}` },
        csrf: false,
      });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('csrf_failed');
      expect(response.body.error.message).toContain('X-XSRF-TOKEN');
    });
  });
});

describe.each(ONE_ENGINE)('sign-in limits on %s', (engine) => {
  let server: TestServer;
  let api: ReturnType<typeof identity>;

  beforeAll(async () => {
    server = await startTestServer({ engine, seed: false });
    api = identity(server);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('blocks an email after 10 failures, even with the right password, and answers nothing else', async () => {
    const user = await api.signUp();
    for (let i = 0; i < 10; i += 1) expect(providerCode(await api.signIn(user.email, `wrong ${i}`))).toBe('INVALID_PASSWORD');
    const blocked = await api.signIn(user.email, PASSWORD);
    expect(providerCode(blocked)).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    // The rest of the 15-minute window.
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(890);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    expect(blocked.text).not.toContain('idToken');
    // A reset by mail proves the owner and lifts the email's block.
    await api.call('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: user.email });
    const code = new URL(server.app.identity.mailer.outbox.at(-1)!.link).searchParams.get('oobCode')!;
    await api.call('accounts:resetPassword', { oobCode: code, newPassword: 'after the reset' });
    expect((await api.signIn(user.email, 'after the reset')).status).toBe(200);
  });

  it('blocks a client address after 50 failures across emails', async () => {
    const user = await api.signUp();
    for (let i = 0; i < 40; i += 1) expect(providerCode(await api.signIn(uniqueEmail('spray'), PASSWORD))).toBe('EMAIL_NOT_FOUND');
    // 10 from the first test + 40 here: the address has used its 50.
    expect(providerCode(await api.signIn(user.email, PASSWORD))).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
  });
});

describe('logs', () => {
  it('never contain a password, hash, token or refresh token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const created = await createTestDatabase('sqlite');
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: created.url, API_KEY: TEST_API_KEY, NODE_ENV: 'test' });
    const database = await openDatabase(config.DATABASE_URL);
    await migrateToLatest(database.db);
    const app = await buildApp({ config, database, logger: { level: 'trace', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const fake = { client: new HttpClient(url), app, database } as unknown as TestServer;
    const api = identity(fake);
    try {
      const secret = 'my very secret passphrase';
      const user = await api.signUp(uniqueEmail(), secret);
      await api.signIn(user.email, 'a wrong passphrase');
      const refreshed = await api.refresh(user.refreshToken);
      await api.lookup(refreshed.body.id_token);
      await api.call('accounts:update', { idToken: refreshed.body.id_token, password: 'the next passphrase' });
      await api.call('accounts:signUp', { email: 'bad', password: secret });
      // Single-use codes in page links (the mails' links) never reach the request log.
      const linkCode = `single-use-code-${Date.now()}`;
      await fetch(`${url}/login?mode=signIn&email=a%40b.c&oobCode=${linkCode}`);
      await fetch(`${url}/account?mode=verifyEmail&oobCode=${linkCode}&continueUrl=x`);
      const hash = (await database.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow()).password_hash;
      const log = lines.join('');
      expect(log.length).toBeGreaterThan(500);
      for (const value of [
        secret,
        'a wrong passphrase',
        'the next passphrase',
        hash,
        user.idToken,
        user.refreshToken,
        refreshed.body.refresh_token,
        linkCode,
      ]) {
        expect(log).not.toContain(value);
      }
    } finally {
      await app.close();
      await created.drop();
    }
  });
});
