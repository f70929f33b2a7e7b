import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, identityCall, newPerson, PASSWORD, type Person, signIn, staleToken } from '../support/staff';
import { ENGINES, HttpClient, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

interface ErrorBody {
  error: { code: string; message: string };
}
interface Details {
  uid: string;
  email: string;
  roles: string[];
  disabled: boolean;
  signInMethods: string[];
  emailVerified: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

const refresh = (server: TestServer, refreshToken: string) =>
  new HttpClient(server.url).request<{ error: { message: string } }>('POST', `/identity/v1/token?key=${TEST_API_KEY}`, {
    rawBody: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    csrf: false,
  });

describe.each(ENGINES)('user administration (%s)', (engine) => {
  let server: TestServer;
  let admin: Person;
  let staff: Person;
  let user: Person;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    admin = await newPerson(server, ['admin'], 'admin');
    staff = await newPerson(server, ['staff'], 'staff');
    user = await newPerson(server, [], 'user');
  });
  afterAll(async () => server?.destroy());

  it('answers anonymous 401, users and staff 403 on every route', async () => {
    const target = await newPerson(server);
    const anonymous = new HttpClient(server.url);
    const routes: [string, string][] = [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${target.uid}`],
      ['POST', `/api/admin/users/${target.uid}/disable`],
      ['POST', `/api/admin/users/${target.uid}/enable`],
      ['DELETE', `/api/admin/users/${target.uid}/sessions`],
      ['DELETE', `/api/admin/users/${target.uid}`],
    ];
    for (const [method, path] of routes) {
      expect((await anonymous.request(method, path)).status, path).toBe(401);
      for (const who of [user, staff]) {
        const response = await who.call<ErrorBody>(method, path);
        expect(response.status, path).toBe(403);
        expect(response.body.error.code).toBe('forbidden');
      }
    }
    expect((await server.app.identity.verify(target.idToken)).user.disabled).toBe(0);
  });

  it('searches by the start of the email, pages, and shows the details', async () => {
    const found = await admin.call<{ users: Details[]; next: string | null }>(
      'GET',
      `/api/admin/users?email=${encodeURIComponent(user.email.slice(0, 12).toUpperCase())}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.users.map((entry) => entry.email)).toContain(user.email);
    const details = found.body.users.find((entry) => entry.uid === user.uid)!;
    expect(details).toMatchObject({ roles: [], disabled: false, signInMethods: ['password'], emailVerified: false });
    expect(Date.parse(details.createdAt)).not.toBeNaN();
    const firstPage = await admin.call<{ users: Details[]; next: string }>('GET', '/api/admin/users?limit=1');
    expect(firstPage.body.users).toHaveLength(1);
    const secondPage = await admin.call<{ users: Details[] }>(
      'GET',
      `/api/admin/users?limit=1&after=${encodeURIComponent(firstPage.body.next)}`,
    );
    expect(secondPage.body.users[0]!.email > firstPage.body.users[0]!.email).toBe(true);
    expect((await admin.call<Details>('GET', `/api/admin/users/${staff.uid}`)).body.roles).toEqual(['staff']);
    expect((await admin.call('GET', '/api/admin/users/nobody')).status).toBe(404);
    expect((await admin.call<{ users: Details[] }>('GET', '/api/admin/users?email=%25')).body.users).toHaveLength(0);
  });

  it('disabling ends the sessions at once: ID token refused, refresh and sign-in USER_DISABLED; enabling lets them sign in again', async () => {
    const target = await newPerson(server, [], 'target');
    expect((await target.call('POST', '/api/movies', { title: `Before ${Date.now()}`, genres: ['Drama'] })).status).toBe(201);
    const disabled = await admin.call<Details>('POST', `/api/admin/users/${target.uid}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabled).toBe(true);

    const refused = await target.call<ErrorBody>('POST', '/api/movies', { title: `After ${Date.now()}`, genres: ['Drama'] });
    expect(refused.status).toBe(401);
    const lookup = await identityCall<{ error: { message: string } }>(server, 'accounts:lookup', { idToken: target.idToken });
    expect(lookup.body.error.message).toBe('USER_DISABLED');
    expect((await refresh(server, target.refreshToken)).body.error.message).toBe('USER_DISABLED');
    const signInAgain = await identityCall<{ error: { message: string } }>(server, 'accounts:signInWithPassword', {
      email: target.email,
      password: PASSWORD,
    });
    expect(signInAgain.body.error.message).toBe('USER_DISABLED');
    const [entry] = await auditEntries(server, 'user.disable');
    expect(entry).toMatchObject({ actor_id: admin.uid, item_id: target.uid });
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ disabled: false });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ disabled: true });

    expect((await admin.call<Details>('POST', `/api/admin/users/${target.uid}/enable`)).body.disabled).toBe(false);
    expect((await signIn(server, target.email)).idToken).toBeTruthy();
  });

  it('ends all sessions of a user without disabling them', async () => {
    const target = await newPerson(server, [], 'sessions');
    expect((await admin.call('DELETE', `/api/admin/users/${target.uid}/sessions`)).status).toBe(204);
    expect((await target.call('POST', '/api/movies', { title: `Ended ${Date.now()}`, genres: ['Drama'] })).status).toBe(401);
    expect((await refresh(server, target.refreshToken)).status).toBe(400);
    expect((await signIn(server, target.email)).idToken).toBeTruthy();
    expect(await auditEntries(server, 'user.end_sessions')).toHaveLength(1);
  });

  it('deletes a user; never the last administrator; needs a recent sign-in', async () => {
    const target = await newPerson(server, [], 'delete');
    const stale = await staleToken(server, admin);
    const tooOld = await admin.client.request<ErrorBody>('DELETE', `/api/admin/users/${target.uid}`, {
      headers: { authorization: `Bearer ${stale}` },
    });
    expect(tooOld.status).toBe(403);
    expect(tooOld.body.error.code).toBe('recent_login_required');
    expect((await admin.call('GET', `/api/admin/users/${target.uid}`)).status).toBe(200);

    expect((await admin.call('DELETE', `/api/admin/users/${target.uid}`)).status).toBe(204);
    expect((await admin.call('GET', `/api/admin/users/${target.uid}`)).status).toBe(404);
    expect(await auditEntries(server, 'user.delete')).toHaveLength(1);

    for (const path of [`/api/admin/users/${admin.uid}`, `/api/admin/users/${admin.uid}/disable`]) {
      const response = await admin.call<ErrorBody>(path.endsWith('disable') ? 'POST' : 'DELETE', path);
      expect(response.status, path).toBe(409);
      expect(response.body.error.message).toMatch(/last administrator/);
    }
    expect((await admin.call('GET', '/api/admin/session')).status).toBe(200);
  });
});
