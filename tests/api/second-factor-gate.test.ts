import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesService } from '../../src/server/admin/roles-service';
import type { SessionGrantKind } from '../../src/server/identity/session-gate';
import { followToApp, startOidcProvider, type TestOidcProvider } from '../support/identity-providers';
import { proveAddress } from '../support/staff';
import { ONE_ENGINE, HttpClient, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

/**
 * The second-factor gate (decision 0113): every identity route that can answer tokens is listed
 * here with the grants it issues them under, and each way to sign in is tried with an account
 * that has an authenticator app: none may answer a token before the code.
 */

interface Answer {
  kind?: string;
  localId?: string;
  email?: string;
  idToken?: string;
  refreshToken?: string;
  id_token?: string;
  refresh_token?: string;
  isNewUser?: boolean;
  mfaPendingCredential?: string;
  mfaInfo?: { mfaEnrollmentId: string; totpInfo: object }[];
  recoveryCodes?: string[];
  error?: { code: number; message: string };
}

/**
 * Every identity route whose answer can carry idToken/refreshToken (or id_token/refresh_token),
 * and why it may:
 * - sign-in: a first factor (password, mailed link, provider, a sign-up retry that proves the
 *   password again) — the gate answers the pending credential when the account has a factor;
 * - second-factor: mfaSignIn:finalize, the gate's way out, after a right code;
 * - renewal: a caller whose ID token came through the gate (credential or factor change,
 *   linking); never a sign-in more recent than the caller's;
 * - refresh: the refresh grant is not a new sign-in. It continues a session (a refresh-token
 *   family) that already passed the gate, with that sign-in's auth_time, so it asks no code.
 */
const TOKEN_ROUTES: Record<string, SessionGrantKind[]> = {
  'POST /identity/v1/accounts:signUp': ['sign-in'],
  'POST /identity/v1/accounts:signInWithPassword': ['sign-in'],
  'POST /identity/v1/accounts:signInWithEmailLink': ['sign-in', 'renewal'],
  'POST /identity/v1/accounts:signInWithIdp': ['sign-in', 'renewal'],
  'POST /identity/v2/accounts/mfaSignIn:finalize': ['second-factor'],
  'POST /identity/v1/accounts:update': ['renewal'],
  'POST /identity/v2/accounts/mfaEnrollment:finalize': ['renewal'],
  'POST /identity/v2/accounts/mfaEnrollment:withdraw': ['renewal'],
  'POST /identity/v1/token': ['refresh'],
};

/** The other identity routes: they answer no token whatever the input. */
const TOKEN_FREE_ROUTES = [
  'POST /identity/v1/accounts:lookup',
  'POST /identity/v1/accounts:delete',
  'POST /identity/v1/accounts:sendOobCode',
  'POST /identity/v1/accounts:resetPassword',
  'POST /identity/v1/accounts:createAuthUri',
  'POST /identity/v2/accounts/mfaEnrollment:start',
  'POST /identity/v2/accounts/mfaSignIn:start',
  'GET /identity/v1/projects',
  'GET /identity/v1/jwks',
];

/** The ways to sign in, each tried below with an enrolled account. */
const SIGN_IN_WAYS = ['password', 'email link', 'provider', 'sign-up retry'] as const;

const APP = 'http://127.0.0.1:37021';
const PASSWORD = 'correct horse 1';
let counter = 0;
const uniqueEmail = () => `gate.${Date.now().toString(36)}.${++counter}@example.com`;
const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

let oidc: TestOidcProvider;
beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUris: [`${APP}/auth/handler`] });
});
afterAll(async () => {
  await oidc?.close();
});

describe.each(ONE_ENGINE)('the second-factor gate (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      env: {
        PUBLIC_URL: APP,
        KEY_ENCRYPTION_SECRET: 'a key-encryption secret for the gate tests 0123456789',
        SIGN_UP_LIMIT_PER_HOUR: '1000',
        MAIL_LIMIT_PER_HOUR: '1000',
        IDENTITY_PROVIDERS: JSON.stringify([
          {
            providerId: 'oidc.test',
            displayName: 'Test ID',
            issuer: oidc.issuer,
            clientId: oidc.clientId,
            clientSecret: oidc.clientSecret,
          },
        ]),
      },
    });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const v1 = (endpoint: string, body: unknown, headers: Record<string, string> = {}) =>
    new HttpClient(server.url).request<Answer>('POST', `/identity/v1/${endpoint}?key=${TEST_API_KEY}`, { body, headers, csrf: false });
  const v2 = (endpoint: string, body: unknown) =>
    new HttpClient(server.url).request<Answer>('POST', `/identity/v2/accounts/${endpoint}?key=${TEST_API_KEY}`, { body, csrf: false });
  const providerCode = (answer: { body: Answer }) => answer.body.error?.message.split(' : ')[0];

  /** Turns on the authenticator app for the holder of `idToken`; the enrolment spends this step's code. */
  async function enrol(idToken: string) {
    const start = await v2('mfaEnrollment:start', { idToken, totpEnrollmentInfo: {} });
    const info = (start.body as unknown as { totpSessionInfo: { sharedSecretKey: string; sessionInfo: string } }).totpSessionInfo;
    const done = await v2('mfaEnrollment:finalize', {
      idToken,
      displayName: 'Phone',
      totpVerificationInfo: { sessionInfo: info.sessionInfo, verificationCode: codeFor(info.sharedSecretKey) },
    });
    expect(done.status).toBe(200);
    return { secret: info.sharedSecretKey, recoveryCodes: done.body.recoveryCodes!, idToken: done.body.idToken! };
  }

  async function enrolledAccount(signUpHeaders: Record<string, string> = {}) {
    const email = uniqueEmail();
    const signUp = await v1('accounts:signUp', { email, password: PASSWORD }, signUpHeaders);
    expect(signUp.status).toBe(200);
    return { email, localId: signUp.body.localId!, ...(await enrol(signUp.body.idToken!)) };
  }

  const mailedCode = (to: string) =>
    new URL(server.app.identity.mailer.outbox.filter((mail) => mail.to === to).at(-1)!.link).searchParams.get('oobCode')!;

  async function emailLink(email: string, idToken?: string) {
    expect((await v1('accounts:sendOobCode', { requestType: 'EMAIL_SIGNIN', email })).status).toBe(200);
    return v1('accounts:signInWithEmailLink', { email, oobCode: mailedCode(email), ...(idToken ? { idToken } : {}) });
  }

  async function providerSignIn(login: string, idToken?: string) {
    const auth = await v1('accounts:createAuthUri', {
      providerId: 'oidc.test',
      continueUri: `${APP}/login`,
      customParameter: { login_hint: login },
    });
    const { authUri, sessionId } = auth.body as unknown as { authUri: string; sessionId: string };
    const requestUri = await followToApp(authUri, APP);
    return v1('accounts:signInWithIdp', { requestUri, sessionId, ...(idToken ? { idToken } : {}) });
  }

  const sessionsOf = async (userId: string) =>
    Number(
      (
        await server.database.db
          .selectFrom('refresh_tokens')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** An ID token of the same session whose sign-in was `minutesAgo` earlier (the recent-sign-in rule). */
  async function olderSignIn(idToken: string, minutesAgo = 6) {
    const { claims } = await server.app.identity.verify(idToken);
    return server.app.identity.tokens.signIdToken({
      sub: claims.sub,
      user_id: claims.user_id,
      email: claims.email,
      email_verified: claims.email_verified,
      auth_time: claims.auth_time - minutesAgo * 60,
      sid: claims.sid,
    });
  }

  function expectPendingNoTokens(answer: { status: number; body: Answer; text: string }) {
    expect(answer.status).toBe(200);
    expect(answer.body.idToken).toBeUndefined();
    expect(answer.body.refreshToken).toBeUndefined();
    expect(answer.text).not.toMatch(/idToken|refreshToken|id_token|refresh_token/);
    expect(answer.body.mfaPendingCredential).toBeTruthy();
    expect(answer.body.mfaInfo).toEqual([expect.objectContaining({ totpInfo: {} })]);
  }

  it('answers an email-link sign-in of an account with an authenticator app with the pending credential; the code finishes it', async () => {
    const account = await enrolledAccount();
    await proveAddress(server, account.localId);
    await rolesService(server.database.db, server.database.engine).grant(null, { id: account.localId }, 'admin');
    const sessionsBefore = await sessionsOf(account.localId);

    const first = await emailLink(account.email);
    expectPendingNoTokens(first);
    expect(first.body).toMatchObject({ kind: 'identitytoolkit#EmailLinkSigninResponse', localId: account.localId, email: account.email });
    // No session was started for the first step alone.
    expect(await sessionsOf(account.localId)).toBe(sessionsBefore);
    // The link is spent by the first step: it cannot be tried again for a session.
    expect(providerCode(await v1('accounts:signInWithEmailLink', { email: account.email, oobCode: mailedCode(account.email) }))).toBe(
      'INVALID_OOB_CODE',
    );

    const wrong = await v2('mfaSignIn:finalize', {
      mfaPendingCredential: first.body.mfaPendingCredential,
      totpVerificationInfo: { verificationCode: '000000' },
    });
    expect(providerCode(wrong)).toBe('INVALID_CODE');
    const done = await v2('mfaSignIn:finalize', {
      mfaPendingCredential: first.body.mfaPendingCredential,
      mfaEnrollmentId: first.body.mfaInfo![0]!.mfaEnrollmentId,
      totpVerificationInfo: { verificationCode: codeFor(account.secret, 1) },
    });
    expect(done.status).toBe(200);
    expect(done.body.idToken).toBeTruthy();
    expect(decodeJwt(done.body.idToken!).admin).toBe(true);
    const consoleAnswer = await new HttpClient(server.url).request('GET', '/api/admin/session', {
      headers: { authorization: `Bearer ${done.body.idToken}` },
    });
    expect(consoleAnswer.status).toBe(200);
  });

  it('knows every identity route that can answer tokens, and every other identity route', async () => {
    const registered = Object.fromEntries(server.app.identity.sessionRoutes.map((route) => [`${route.method} ${route.url}`, route.grants]));
    // A route missing here answers tokens without the test below trying it with an enrolled
    // account: add it to TOKEN_ROUTES and to the ways tried, or issue its tokens elsewhere.
    expect(registered).toEqual(TOKEN_ROUTES);
    // The same routes found from the server's own route table, independently of the registry:
    // a new identity route must be classified here, one way or the other.
    const identityRoutes = server.app.registeredRoutes
      .filter((route) => route.url.startsWith('/identity/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.replaceAll('::', ':')}`);
    expect(new Set(identityRoutes)).toEqual(new Set([...Object.keys(TOKEN_ROUTES), ...TOKEN_FREE_ROUTES]));
    // Each route that signs in is among the ways tried with an enrolled account below.
    const signInRoutes = Object.entries(TOKEN_ROUTES).filter(([, grants]) => grants.includes('sign-in'));
    expect(signInRoutes.map(([name]) => name)).toEqual([
      'POST /identity/v1/accounts:signUp',
      'POST /identity/v1/accounts:signInWithPassword',
      'POST /identity/v1/accounts:signInWithEmailLink',
      'POST /identity/v1/accounts:signInWithIdp',
    ]);
    expect(SIGN_IN_WAYS).toHaveLength(signInRoutes.length);
  });

  /** One way to sign in, tried with an account that has an authenticator app. */
  async function signInEnrolled(way: (typeof SIGN_IN_WAYS)[number]) {
    let answer: Awaited<ReturnType<typeof v1>>;
    let account: { localId: string; recoveryCodes: string[] };
    if (way === 'provider') {
      const login = `gate${Date.now().toString(36)}${++counter}`;
      oidc.addAccount(login, { email: `${login}@example.com` });
      const created = await providerSignIn(login);
      expect(created.body.isNewUser).toBe(true);
      account = { localId: created.body.localId!, ...(await enrol(created.body.idToken!)) };
      answer = await providerSignIn(login);
    } else if (way === 'sign-up retry') {
      // The answer to a sign-up was lost; the retry (same key and body) comes after the factor was turned on.
      const key = `gate-${Date.now()}-${++counter}`;
      const email = uniqueEmail();
      const signUp = await v1('accounts:signUp', { email, password: PASSWORD }, { 'idempotency-key': key });
      account = { localId: signUp.body.localId!, ...(await enrol(signUp.body.idToken!)) };
      answer = await v1('accounts:signUp', { email, password: PASSWORD }, { 'idempotency-key': key });
      expect(answer.body.localId).toBe(account.localId);
    } else {
      const enrolled = await enrolledAccount();
      account = enrolled;
      answer =
        way === 'password'
          ? await v1('accounts:signInWithPassword', { email: enrolled.email, password: PASSWORD, returnSecureToken: true })
          : await emailLink(enrolled.email);
    }
    return { answer, account };
  }

  it('stops every way to sign in (password, email link, provider, sign-up retry) at the second step', async () => {
    for (const way of SIGN_IN_WAYS) {
      const { answer, account } = await signInEnrolled(way);
      expect(answer.body.idToken, `${way}: no ID token before the code`).toBeUndefined();
      expectPendingNoTokens(answer);
      const done = await v2('mfaSignIn:finalize', {
        mfaPendingCredential: answer.body.mfaPendingCredential,
        totpVerificationInfo: { verificationCode: account.recoveryCodes[0] },
      });
      expect(done.status).toBe(200);
      expect((await v1('accounts:lookup', { idToken: done.body.idToken })).status).toBe(200);
      // A pending credential buys one session.
      const again = await v2('mfaSignIn:finalize', {
        mfaPendingCredential: answer.body.mfaPendingCredential,
        totpVerificationInfo: { verificationCode: account.recoveryCodes[1] },
      });
      expect(providerCode(again)).toBe('INVALID_MFA_PENDING_CREDENTIAL');
    }
  });

  it('never makes a sign-in more recent by a renewal or a refresh', async () => {
    const email = uniqueEmail();
    const signUp = await v1('accounts:signUp', { email, password: PASSWORD });
    const recent = signUp.body.idToken!;
    const older = await olderSignIn(recent);
    const olderAuthTime = decodeJwt(older).auth_time;

    // Renewals need the caller's ID token: it is what came through the gate.
    for (const [route, body] of [
      ['v1:accounts:update', { password: 'another password 2' }],
      ['v2:mfaEnrollment:finalize', {}],
      ['v2:mfaEnrollment:withdraw', { mfaEnrollmentId: 'x' }],
    ] as const) {
      const [version, endpoint] = [route.slice(0, 2), route.slice(3)];
      const answer = version === 'v1' ? await v1(endpoint, body) : await v2(endpoint, body);
      expect(providerCode(answer)).toBe('MISSING_ID_TOKEN');
    }

    // Turning the factor on with an ID token of an older sign-in: the new session is as old.
    const start = await v2('mfaEnrollment:start', { idToken: recent, totpEnrollmentInfo: {} });
    const info = (start.body as unknown as { totpSessionInfo: { sharedSecretKey: string; sessionInfo: string } }).totpSessionInfo;
    const enrolled = await v2('mfaEnrollment:finalize', {
      idToken: older,
      totpVerificationInfo: { sessionInfo: info.sessionInfo, verificationCode: codeFor(info.sharedSecretKey) },
    });
    expect(enrolled.status).toBe(200);
    expect(decodeJwt(enrolled.body.idToken!).auth_time).toBe(olderAuthTime);
    // So it cannot turn the factor off, which needs a recent sign-in: that takes the code.
    const enrollmentId = (await server.app.identity.mfaInfo(signUp.body.localId!))[0]!.mfaEnrollmentId;
    const off = await v2('mfaEnrollment:withdraw', { idToken: enrolled.body.idToken, mfaEnrollmentId: enrollmentId });
    expect(providerCode(off)).toBe('CREDENTIAL_TOO_OLD_LOGIN_AGAIN');

    // The refresh grant goes on with the session: a new ID token, the same sign-in time and family.
    const refreshed = await new HttpClient(server.url).request<Answer>('POST', `/identity/v1/token?key=${TEST_API_KEY}`, {
      rawBody: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: enrolled.body.refreshToken! }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.body.id_token!).auth_time).toBe(olderAuthTime);
    expect(decodeJwt(refreshed.body.id_token!).sid).toBe(decodeJwt(enrolled.body.idToken!).sid);

    // Linking an email link to the signed-in caller renews the caller's session, no more recent.
    const linked = await emailLink(email, refreshed.body.id_token);
    expect(linked.status).toBe(200);
    expect(decodeJwt(linked.body.idToken!).auth_time).toBe(olderAuthTime);
    // Without the caller's token the same link is a sign-in, and the account has a factor now.
    expectPendingNoTokens(await emailLink(email));
  });
});
