import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followToApp, startOidcProvider, type TestOidcProvider } from '../support/identity-providers';
import { ONE_ENGINE, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

interface ErrorBody {
  error: { code: number; message: string };
}
interface SignInBody {
  localId: string;
  email: string;
  idToken?: string;
  refreshToken?: string;
  mfaPendingCredential?: string;
  mfaInfo?: { mfaEnrollmentId: string; enrolledAt: string; totpInfo: object }[];
}
interface StartBody {
  totpSessionInfo: {
    sharedSecretKey: string;
    verificationCodeLength: number;
    hashingAlgorithm: string;
    periodSec: number;
    sessionInfo: string;
  };
}

const APP = 'http://127.0.0.1:37018';
const PASSWORD = 'correct horse 1';
let counter = 0;
const uniqueEmail = () => `mfa.${Date.now().toString(36)}.${++counter}@example.com`;

/** The code an authenticator app shows `offsetSteps` steps from now. */
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

describe.each(ONE_ENGINE)('two-step sign-in (%s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      env: {
        PUBLIC_URL: APP,
        // TOTP secrets are sealed at rest under it (decision 0111).
        KEY_ENCRYPTION_SECRET: 'a key-encryption secret for the two-step tests 0123456789',
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

  const v1 = <T = SignInBody>(endpoint: string, body: unknown) =>
    server.client.request<T>('POST', `/identity/v1/${endpoint}?key=${TEST_API_KEY}`, { body, csrf: false });
  const v2 = <T = SignInBody>(endpoint: string, body: unknown) =>
    server.client.request<T>('POST', `/identity/v2/accounts/${endpoint}?key=${TEST_API_KEY}`, { body, csrf: false });

  /** A user with two-step sign-in on; the enrolment used the current step's code. */
  async function enrolledUser() {
    const email = uniqueEmail();
    const signUp = await v1<{ idToken: string; localId: string }>('accounts:signUp', { email, password: PASSWORD });
    const start = await v2<StartBody>('mfaEnrollment:start', { idToken: signUp.body.idToken, totpEnrollmentInfo: {} });
    expect(start.status).toBe(200);
    const secret = start.body.totpSessionInfo.sharedSecretKey;
    const enrolmentCode = codeFor(secret);
    const finalize = await v2<{ idToken: string; recoveryCodes: string[] }>('mfaEnrollment:finalize', {
      idToken: signUp.body.idToken,
      displayName: 'Phone',
      totpVerificationInfo: { sessionInfo: start.body.totpSessionInfo.sessionInfo, verificationCode: enrolmentCode },
    });
    expect(finalize.status).toBe(200);
    return {
      email,
      secret,
      enrolmentCode,
      localId: signUp.body.localId,
      idToken: finalize.body.idToken,
      recoveryCodes: finalize.body.recoveryCodes,
    };
  }

  async function firstStep(email: string) {
    const response = await v1('accounts:signInWithPassword', { email, password: PASSWORD, returnSecureToken: true });
    expect(response.status).toBe(200);
    return response.body;
  }

  it('enrols a TOTP authenticator: secret, a code to confirm, ten recovery codes stored hashed', async () => {
    const email = uniqueEmail();
    const signUp = await v1<{ idToken: string; localId: string }>('accounts:signUp', { email, password: PASSWORD });
    const start = await v2<StartBody>('mfaEnrollment:start', { idToken: signUp.body.idToken, totpEnrollmentInfo: {} });
    expect(start.body.totpSessionInfo).toMatchObject({ verificationCodeLength: 6, hashingAlgorithm: 'SHA1', periodSec: 30 });
    expect(start.body.totpSessionInfo.sharedSecretKey).toMatch(/^[A-Z2-7]{32}$/);
    const { sessionInfo, sharedSecretKey } = start.body.totpSessionInfo;

    const wrong = await v2<ErrorBody>('mfaEnrollment:finalize', {
      idToken: signUp.body.idToken,
      totpVerificationInfo: { sessionInfo, verificationCode: codeFor(sharedSecretKey, 3) },
    });
    expect(wrong.body.error.message).toBe('INVALID_CODE : The code is wrong or was already used');

    const done = await v2<{ idToken: string; refreshToken: string; recoveryCodes: string[] }>('mfaEnrollment:finalize', {
      idToken: signUp.body.idToken,
      displayName: 'Phone',
      totpVerificationInfo: { sessionInfo, verificationCode: codeFor(sharedSecretKey) },
    });
    expect(done.status).toBe(200);
    expect(done.body.idToken).toBeTruthy();
    expect(done.body.recoveryCodes).toHaveLength(10);
    const stored = await server.database.db
      .selectFrom('mfa_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', signUp.body.localId)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.code_hash)).not.toContain(done.body.recoveryCodes[0]);
    // The TOTP secret is sealed at rest (AES-256-GCM, decision 0111), never the plain base32.
    const factor = await server.database.db
      .selectFrom('mfa_enrollments')
      .select('secret')
      .where('user_id', '=', signUp.body.localId)
      .executeTakeFirstOrThrow();
    expect(factor.secret).toMatch(/^enc:v1:/);
    expect(factor.secret).not.toContain(sharedSecretKey);

    const lookup = await v1<{ users: { mfaInfo?: { displayName?: string }[] }[] }>('accounts:lookup', { idToken: done.body.idToken });
    expect(lookup.body.users[0]!.mfaInfo).toEqual([expect.objectContaining({ displayName: 'Phone', totpInfo: {} })]);
    const twice = await v2<ErrorBody>('mfaEnrollment:start', { idToken: done.body.idToken });
    expect(twice.body.error.message).toMatch(/^SECOND_FACTOR_EXISTS/);
  });

  it('answers a password sign-in with a pending credential, completed by a code used once', async () => {
    const user = await enrolledUser();
    const first = await firstStep(user.email);
    expect(first.idToken).toBeUndefined();
    expect(first.mfaPendingCredential).toBeTruthy();
    expect(first.mfaInfo).toEqual([expect.objectContaining({ totpInfo: {} })]);
    const enrollmentId = first.mfaInfo![0]!.mfaEnrollmentId;
    expect((await v2('mfaSignIn:start', { mfaPendingCredential: first.mfaPendingCredential, mfaEnrollmentId: enrollmentId })).status).toBe(
      200,
    );

    // The enrolment spent this step's code; the next step's (one step of drift) is accepted once.
    const reusedEnrolmentCode = await v2<ErrorBody>('mfaSignIn:finalize', {
      mfaPendingCredential: first.mfaPendingCredential,
      mfaEnrollmentId: enrollmentId,
      totpVerificationInfo: { verificationCode: user.enrolmentCode },
    });
    expect(reusedEnrolmentCode.body.error.message).toMatch(/^INVALID_CODE/);
    // The step after the enrolment's: accepted whether or not a 30 s boundary passed meanwhile.
    const code = codeFor(user.secret, 1);
    const second = await v2('mfaSignIn:finalize', {
      mfaPendingCredential: first.mfaPendingCredential,
      mfaEnrollmentId: enrollmentId,
      totpVerificationInfo: { verificationCode: code },
    });
    expect(second.status).toBe(200);
    expect(second.body.idToken).toBeTruthy();
    expect((await v1<{ users: { localId: string }[] }>('accounts:lookup', { idToken: second.body.idToken })).body.users[0]!.localId).toBe(
      user.localId,
    );

    const spent = await v2<ErrorBody>('mfaSignIn:finalize', {
      mfaPendingCredential: first.mfaPendingCredential,
      totpVerificationInfo: { verificationCode: code },
    });
    expect(spent.body.error.message).toBe('INVALID_MFA_PENDING_CREDENTIAL');
    const again = await firstStep(user.email);
    const reused = await v2<ErrorBody>('mfaSignIn:finalize', {
      mfaPendingCredential: again.mfaPendingCredential,
      totpVerificationInfo: { verificationCode: code },
    });
    expect(reused.body.error.message).toMatch(/^INVALID_CODE/);
  });

  it('refuses a wrong code and an expired pending sign-in', async () => {
    const user = await enrolledUser();
    const first = await firstStep(user.email);
    const wrong = await v2<ErrorBody>('mfaSignIn:finalize', {
      mfaPendingCredential: first.mfaPendingCredential,
      totpVerificationInfo: { verificationCode: '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/^INVALID_CODE/);
    await server.database.db
      .updateTable('mfa_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.localId)
      .execute();
    const late = await v2<ErrorBody>('mfaSignIn:finalize', {
      mfaPendingCredential: first.mfaPendingCredential,
      totpVerificationInfo: { verificationCode: codeFor(user.secret, 1) },
    });
    expect(late.body.error.message).toMatch(/^SESSION_EXPIRED/);
  });

  it('accepts each recovery code once', async () => {
    const user = await enrolledUser();
    const recovery = user.recoveryCodes[3]!;
    const first = await firstStep(user.email);
    const used = await v2('mfaSignIn:finalize', {
      mfaPendingCredential: first.mfaPendingCredential,
      totpVerificationInfo: { verificationCode: recovery.toUpperCase() },
    });
    expect(used.status).toBe(200);
    expect(used.body.idToken).toBeTruthy();
    const again = await firstStep(user.email);
    const reused = await v2<ErrorBody>('mfaSignIn:finalize', {
      mfaPendingCredential: again.mfaPendingCredential,
      totpVerificationInfo: { verificationCode: recovery },
    });
    expect(reused.body.error.message).toMatch(/^INVALID_CODE/);
  });

  it('limits wrong codes like passwords, even when they arrive at once', async () => {
    const user = await enrolledUser();
    const first = await firstStep(user.email);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        v2<ErrorBody>('mfaSignIn:finalize', {
          mfaPendingCredential: first.mfaPendingCredential,
          totpVerificationInfo: { verificationCode: String(100000 + i) },
        }),
      ),
    );
    const messages = guesses.map((response) => response.body.error.message.split(' : ')[0]);
    expect(messages.every((code) => code === 'INVALID_CODE' || code === 'TOO_MANY_ATTEMPTS_TRY_LATER')).toBe(true);
    const right = await v2<ErrorBody>('mfaSignIn:finalize', {
      mfaPendingCredential: first.mfaPendingCredential,
      totpVerificationInfo: { verificationCode: codeFor(user.secret, 1) },
    });
    expect(right.body.error.message).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER/);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('asks a provider sign-in for the second step too', async () => {
    const id = `mfa${Date.now().toString(36)}${++counter}`;
    oidc.addAccount(id, { email: `${id}@example.com` });
    const signIn = async () => {
      const auth = await v1<{ authUri: string; sessionId: string }>('accounts:createAuthUri', {
        providerId: 'oidc.test',
        continueUri: `${APP}/login`,
        customParameter: { login_hint: id },
      });
      const requestUri = await followToApp(auth.body.authUri, APP);
      return v1<SignInBody & { isNewUser?: boolean }>('accounts:signInWithIdp', { requestUri, sessionId: auth.body.sessionId });
    };
    const created = await signIn();
    expect(created.body.isNewUser).toBe(true);
    const start = await v2<StartBody>('mfaEnrollment:start', { idToken: created.body.idToken });
    const secret = start.body.totpSessionInfo.sharedSecretKey;
    const enrolled = await v2('mfaEnrollment:finalize', {
      idToken: created.body.idToken,
      totpVerificationInfo: { sessionInfo: start.body.totpSessionInfo.sessionInfo, verificationCode: codeFor(secret) },
    });
    expect(enrolled.text).toContain('recoveryCodes');
    const next = await signIn();
    expect(next.body.idToken).toBeUndefined();
    expect(next.body.mfaPendingCredential).toBeTruthy();
    const done = await v2('mfaSignIn:finalize', {
      mfaPendingCredential: next.body.mfaPendingCredential,
      totpVerificationInfo: { verificationCode: codeFor(secret, 1) },
    });
    expect(done.status).toBe(200);
    expect(done.body.idToken).toBeTruthy();
  });

  it('turns two-step sign-in off again', async () => {
    const user = await enrolledUser();
    const lookup = await v1<{ users: { mfaInfo: { mfaEnrollmentId: string }[] }[] }>('accounts:lookup', { idToken: user.idToken });
    const enrollmentId = lookup.body.users[0]!.mfaInfo[0]!.mfaEnrollmentId;
    const off = await v2('mfaEnrollment:withdraw', { idToken: user.idToken, mfaEnrollmentId: enrollmentId });
    expect(off.status).toBe(200);
    const plain = await firstStep(user.email);
    expect(plain.idToken).toBeTruthy();
    expect(plain.mfaPendingCredential).toBeUndefined();
  });
});
