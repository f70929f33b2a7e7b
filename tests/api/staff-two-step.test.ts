import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityCall, newPerson, PASSWORD, type Person, signIn } from '../support/staff';
import { ONE_ENGINE, HttpClient, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

interface ErrorBody {
  error: { code: string; message: string };
}

/** Turns two-step sign-in on for `person` through the identity service, as the Account page does. */
async function enrol(server: TestServer, person: Person): Promise<TOTP> {
  const client = new HttpClient(server.url);
  const v2 = <T>(endpoint: string, body: unknown) =>
    client.request<T>('POST', `/identity/v2/accounts/${endpoint}?key=${TEST_API_KEY}`, { body, csrf: false });
  const start = await v2<{ totpSessionInfo: { sharedSecretKey: string; sessionInfo: string } }>('mfaEnrollment:start', {
    idToken: person.idToken,
  });
  expect(start.status).toBe(200);
  const totp = new TOTP({
    secret: Secret.fromBase32(start.body.totpSessionInfo.sharedSecretKey),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  const done = await v2<{ idToken: string }>('mfaEnrollment:finalize', {
    idToken: person.idToken,
    totpVerificationInfo: { sessionInfo: start.body.totpSessionInfo.sessionInfo, verificationCode: totp.generate() },
  });
  expect(done.status).toBe(200);
  person.idToken = done.body.idToken;
  return totp;
}

describe.each(ONE_ENGINE)('staff must use two-step sign-in (%s)', (engine) => {
  let server: TestServer;
  let admin: Person;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    admin = await newPerson(server, ['admin'], 'admin');
  });
  afterAll(async () => server?.destroy());

  /** The status the live stream answers for the inbox topic (the stream is closed at once). */
  const openInboxTopic = async (idToken: string) => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/changes?topics=inbox`, {
      headers: { authorization: `Bearer ${idToken}` },
      signal: controller.signal,
    });
    controller.abort();
    return response.status;
  };

  it('is refused to an admin without a second factor: that would lock them out', async () => {
    const refused = await admin.call<ErrorBody>('PATCH', '/api/admin/settings', { staffTwoStepRequired: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('two_step_required');
    expect((await admin.call<{ staffTwoStepRequired: boolean }>('GET', '/api/admin/settings')).body.staffTwoStepRequired).toBe(false);
  });

  it('keeps staff without a second factor out of /api/admin (403 two_step_required) until they turn it on', async () => {
    const staff = await newPerson(server, ['staff'], 'staff');
    expect((await staff.call('GET', '/api/admin/session')).status).toBe(200);
    await enrol(server, admin);
    const on = await admin.call<{ staffTwoStepRequired: boolean }>('PATCH', '/api/admin/settings', { staffTwoStepRequired: true });
    expect(on.status).toBe(200);
    expect(on.body.staffTwoStepRequired).toBe(true);
    try {
      const kept = await staff.call<ErrorBody>('GET', '/api/admin/session');
      expect(kept.status).toBe(403);
      expect(kept.body.error.code).toBe('two_step_required');
      expect(kept.body.error.message).toMatch(/Account page/);
      // Nor do they follow the inbox's live topic, which carries whole messages.
      expect(await openInboxTopic(staff.idToken)).toBe(403);
      // They still sign in, so they can reach the Account page and turn it on.
      expect((await signIn(server, staff.email, PASSWORD)).idToken).toBeTruthy();
      await enrol(server, staff);
      expect((await staff.call('GET', '/api/admin/session')).status).toBe(200);
      expect(await openInboxTopic(staff.idToken)).toBe(200);
      expect((await admin.call('GET', '/api/admin/settings')).status).toBe(200);
    } finally {
      expect((await admin.call('PATCH', '/api/admin/settings', { staffTwoStepRequired: false })).status).toBe(200);
    }
  });

  it('holds an email-link sign-in to the setting too: no factor, no console; a factor, the code first', async () => {
    const staff = await newPerson(server, ['staff'], 'linkstaff');
    const emailLink = async () => {
      expect((await identityCall(server, 'accounts:sendOobCode', { requestType: 'EMAIL_SIGNIN', email: staff.email })).status).toBe(200);
      const mail = server.app.identity.mailer.outbox.filter((item) => item.to === staff.email).at(-1)!;
      const oobCode = new URL(mail.link).searchParams.get('oobCode');
      return identityCall<{ idToken?: string; mfaPendingCredential?: string }>(server, 'accounts:signInWithEmailLink', {
        email: staff.email,
        oobCode,
      });
    };
    const bearer = (idToken: string) =>
      new HttpClient(server.url).request<ErrorBody>('GET', '/api/admin/session', { headers: { authorization: `Bearer ${idToken}` } });
    if (!(await server.app.identity.mfaInfo(admin.uid)).length) await enrol(server, admin);
    expect((await admin.call('PATCH', '/api/admin/settings', { staffTwoStepRequired: true })).status).toBe(200);
    try {
      // Without a factor the link signs in (to reach the Account page) but the console stays shut.
      const plain = await emailLink();
      expect(plain.body.idToken).toBeTruthy();
      const kept = await bearer(plain.body.idToken!);
      expect(kept.status).toBe(403);
      expect(kept.body.error.code).toBe('two_step_required');

      staff.idToken = plain.body.idToken!;
      const totp = await enrol(server, staff);
      // With a factor, the link alone gets no token: the code comes first.
      const first = await emailLink();
      expect(first.status).toBe(200);
      expect(first.body.idToken).toBeUndefined();
      expect(first.body.mfaPendingCredential).toBeTruthy();
      const done = await new HttpClient(server.url).request<{ idToken: string }>(
        'POST',
        `/identity/v2/accounts/mfaSignIn:finalize?key=${TEST_API_KEY}`,
        {
          body: {
            mfaPendingCredential: first.body.mfaPendingCredential,
            totpVerificationInfo: { verificationCode: totp.generate({ timestamp: Date.now() + 30_000 }) },
          },
          csrf: false,
        },
      );
      expect(done.status).toBe(200);
      expect((await bearer(done.body.idToken)).status).toBe(200);
    } finally {
      expect((await admin.call('PATCH', '/api/admin/settings', { staffTwoStepRequired: false })).status).toBe(200);
    }
  });
});
