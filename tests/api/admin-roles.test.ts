import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/server/admin-cli';
import {
  auditEntries,
  identityCall,
  newPerson,
  PASSWORD,
  type Person,
  proveAddress,
  signIn,
  staleToken,
  uniqueEmail,
} from '../support/staff';
import { ENGINES, ONE_ENGINE, HttpClient, startTestServer, type TestServer } from '../support/test-server';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}
interface IdentityErrorBody {
  error: { message: string };
}

const ROUTES: { method: string; path: (uid: string) => string; body?: unknown; needs: 'staff' | 'admin' }[] = [
  { method: 'GET', path: () => '/api/admin/session', needs: 'staff' },
  { method: 'GET', path: () => '/api/admin/settings', needs: 'admin' },
  { method: 'PATCH', path: () => '/api/admin/settings', body: { signUpOpen: true }, needs: 'admin' },
  { method: 'PUT', path: (uid) => `/api/admin/users/${uid}/roles/staff`, needs: 'admin' },
  { method: 'DELETE', path: (uid) => `/api/admin/users/${uid}/roles/staff`, needs: 'admin' },
  { method: 'GET', path: () => '/api/admin/audit', needs: 'admin' },
];

const form = (server: TestServer, fields: Record<string, string>) =>
  new HttpClient(server.url).request('POST', '/admin/setup', {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    csrf: false,
  });

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe.each(ONE_ENGINE)('staff roles (%s)', (engine) => {
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

  it('answers every console route by role: anonymous 401, user 403 forbidden, the role 200', async () => {
    const target = await newPerson(server);
    await proveAddress(server, target.uid);
    const anonymous = new HttpClient(server.url);
    for (const route of ROUTES) {
      const path = route.path(target.uid);
      const label = `${route.method} ${path}`;
      const anon = await anonymous.request<ErrorBody>(route.method, path, route.body !== undefined ? { body: route.body } : {});
      expect(anon.status, label).toBe(401);
      expect(anon.body.error.code, label).toBe('unauthenticated');
      const asUser = await user.call<ErrorBody>(route.method, path, route.body);
      expect(asUser.status, label).toBe(403);
      expect(asUser.body.error.code, label).toBe('forbidden');
      const asStaff = await staff.call<ErrorBody>(route.method, path, route.body);
      expect(asStaff.status, label).toBe(route.needs === 'staff' ? 200 : 403);
      const asAdmin = await admin.call(route.method, path, route.body);
      expect(asAdmin.status, label).toBe(200);
      expect(asAdmin.headers.get('cache-control'), label).toBe('no-store');
    }
  });

  it('carries roles as top-level ID token claims, and re-checks them in the database', async () => {
    expect(admin.claims().admin).toBe(true);
    expect(staff.claims().staff).toBe(true);
    expect(staff.claims().admin).toBeUndefined();
    expect(user.claims().staff).toBeUndefined();
    const session = await admin.call<{ roles: string[] }>('GET', '/api/admin/session');
    expect(session.body.roles).toEqual(['admin']);

    const former = await newPerson(server, ['staff'], 'former');
    expect(former.claims().staff).toBe(true);
    expect((await admin.call('DELETE', `/api/admin/users/${former.uid}/roles/staff`)).status).toBe(200);
    // The token still says staff; the server asks the database.
    const refused = await former.call<ErrorBody>('GET', '/api/admin/session');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
  });

  it('grants and revokes roles with an audit entry in the same change; bad input changes nothing', async () => {
    const target = await newPerson(server);
    await proveAddress(server, target.uid);
    const granted = await admin.call<{ roles: string[] }>('PUT', `/api/admin/users/${target.uid}/roles/staff`);
    expect(granted.body.roles).toEqual(['staff']);
    const [entry] = await auditEntries(server, 'role.grant');
    expect(entry).toMatchObject({ actor_id: admin.uid, actor_email: admin.email, item_type: 'user', item_id: target.uid });
    expect(JSON.parse(entry!.before_json!)).toEqual({ roles: [] });
    expect(JSON.parse(entry!.after_json!)).toEqual({ roles: ['staff'] });

    const before = (await server.database.db.selectFrom('audit_log').select('id').execute()).length;
    const bad = await admin.call<ErrorBody>('PUT', `/api/admin/users/${target.uid}/roles/root`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    const missing = await admin.call<ErrorBody>('PUT', '/api/admin/users/nobody-here/roles/staff');
    expect(missing.status).toBe(404);
    expect((await server.database.db.selectFrom('audit_log').select('id').execute()).length).toBe(before);
    expect(await server.app.identity.rolesOf(target.uid)).toEqual(['staff']);
  });

  it('needs a sign-in younger than 5 minutes for role and settings changes', async () => {
    const target = await newPerson(server);
    const stale = { ...admin, idToken: await staleToken(server, admin) };
    const call = (method: string, path: string, body?: unknown) =>
      admin.client.request<ErrorBody>(method, path, { ...(body ? { body } : {}), headers: { authorization: `Bearer ${stale.idToken}` } });
    // Reading still works with an older sign-in.
    expect((await call('GET', '/api/admin/settings')).status).toBe(200);
    for (const [method, path, body] of [
      ['PUT', `/api/admin/users/${target.uid}/roles/staff`],
      ['PATCH', '/api/admin/settings', { signUpOpen: false }],
    ] as const) {
      const response = await call(method, path, body);
      expect(response.status, path).toBe(403);
      expect(response.body.error.code).toBe('recent_login_required');
    }
    expect(await server.app.identity.rolesOf(target.uid)).toEqual([]);
    expect((await admin.call<{ signUpOpen: boolean }>('GET', '/api/admin/settings')).body.signUpOpen).toBe(true);
  });

  it('never lets the last admin remove their own role, even two at once', async () => {
    const sole = await startTestServer({ engine });
    try {
      const only = await newPerson(sole, ['admin'], 'only');
      const refused = await only.call<ErrorBody>('DELETE', `/api/admin/users/${only.uid}/roles/admin`);
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/last administrator/);
      expect(await sole.app.identity.rolesOf(only.uid)).toEqual(['admin']);
      expect(await auditEntries(sole, 'role.revoke')).toHaveLength(0);

      const second = await newPerson(sole, ['admin'], 'second');
      const both = await Promise.all([only, second].map((who) => who.call('DELETE', `/api/admin/users/${who.uid}/roles/admin`)));
      expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
      const admins = await sole.database.db.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
    } finally {
      await sole.destroy();
    }
  });

  it('closes and reopens public sign-up: ADMIN_ONLY_OPERATION while closed, audited', async () => {
    const closed = await admin.call<{ signUpOpen: boolean }>('PATCH', '/api/admin/settings', { signUpOpen: false });
    expect(closed.body).toEqual({ signUpOpen: false, staffTwoStepRequired: false });
    try {
      const refused = await identityCall<IdentityErrorBody>(server, 'accounts:signUp', { email: uniqueEmail(), password: PASSWORD });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message.split(' : ')[0]).toBe('ADMIN_ONLY_OPERATION');
      // Existing accounts still sign in.
      expect((await signIn(server, user.email)).idToken).toBeTruthy();
      const [entry] = await auditEntries(server, 'settings.update');
      expect(JSON.parse(entry!.before_json!)).toEqual({ signUpOpen: true, staffTwoStepRequired: false });
      expect(JSON.parse(entry!.after_json!)).toEqual({ signUpOpen: false, staffTwoStepRequired: false });
      const invalid = await admin.call<ErrorBody>('PATCH', '/api/admin/settings', { signUpOpen: 'yes' });
      expect(invalid.status).toBe(400);
      const unknown = await admin.call<ErrorBody>('PATCH', '/api/admin/settings', { openEverything: true });
      expect(unknown.status).toBe(400);
      expect((await admin.call<{ signUpOpen: boolean }>('GET', '/api/admin/settings')).body.signUpOpen).toBe(false);
    } finally {
      await admin.call('PATCH', '/api/admin/settings', { signUpOpen: true });
    }
    expect((await identityCall(server, 'accounts:signUp', { email: uniqueEmail(), password: PASSWORD })).status).toBe(200);
  });

  it('records staff sign-ins in the audit log, not ordinary ones', async () => {
    await signIn(server, staff.email);
    await signIn(server, user.email);
    const entries = await auditEntries(server, 'staff.sign_in');
    expect(entries.some((entry) => entry.actor_id === staff.uid)).toBe(true);
    expect(entries.some((entry) => entry.actor_id === user.uid)).toBe(false);
  });

  it('pages and filters the audit log, newest first, with no route to change it', async () => {
    const first = await admin.call<{ entries: { action: string; at: string }[]; next: string | null }>(
      'GET',
      '/api/admin/audit?action=staff.sign_in&limit=1',
    );
    expect(first.body.entries).toHaveLength(1);
    expect(first.body.entries[0]!.action).toBe('staff.sign_in');
    expect(first.body.next).toBeTruthy();
    const second = await admin.call<{ entries: { at: string }[] }>(
      'GET',
      `/api/admin/audit?action=staff.sign_in&limit=1&cursor=${first.body.next}`,
    );
    expect(second.body.entries[0]!.at <= first.body.entries[0]!.at).toBe(true);
    const byActor = await admin.call<{ entries: { actorId: string }[] }>('GET', `/api/admin/audit?actorId=${admin.uid}`);
    expect(byActor.body.entries.length).toBeGreaterThan(0);
    expect(byActor.body.entries.every((entry) => entry.actorId === admin.uid)).toBe(true);
    expect((await admin.call<ErrorBody>('GET', '/api/admin/audit?cursor=nonsense')).status).toBe(400);
    for (const method of ['DELETE', 'PATCH', 'PUT']) expect((await admin.call(method, '/api/admin/audit', {})).status).toBe(404);
  });

  it('grants and revokes roles from the command line against DATABASE_URL', async () => {
    const target = await newPerson(server);
    await proveAddress(server, target.uid);
    const env = { DATABASE_URL: server.config.DATABASE_URL };
    const granted = await runAdminCommand(['grant', target.email.toUpperCase(), 'staff'], env);
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.output).toContain('granted staff');
    expect(await server.app.identity.rolesOf(target.uid)).toEqual(['staff']);
    expect((await runAdminCommand(['revoke', target.email], env)).code).toBe(0);
    expect(await server.app.identity.rolesOf(target.uid)).toEqual([]);
    expect((await runAdminCommand(['grant', 'nobody@example.com', 'admin'], env)).code).toBe(1);
    expect((await runAdminCommand(['grant', target.email, 'root'], env)).code).toBe(2);
    expect((await runAdminCommand(['promote'], env)).code).toBe(2);
  });
});

describe.each(ENGINES)('console roles need a proved address (%s)', (engine) => {
  let server: TestServer;
  let admin: Person;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    admin = await newPerson(server, ['admin'], 'admin');
  });
  afterAll(async () => server?.destroy());

  const mailedCode = (to: string) =>
    new URL(server.app.identity.mailer.outbox.filter((mail) => mail.to === to).at(-1)!.link).searchParams.get('oobCode')!;

  it('refuses a role to an account that never proved its address, from the Users page and the command line, changing nothing', async () => {
    // Someone signed up first with the new hire's address and a password of their own.
    const squatter = await newPerson(server, [], 'newhire');
    const before = (await auditEntries(server, 'role.grant')).length;
    for (const role of ['staff', 'admin']) {
      const refused = await admin.call<ErrorBody>('PUT', `/api/admin/users/${squatter.uid}/roles/${role}`);
      expect(refused.status, role).toBe(409);
      expect(refused.body.error.code).toBe('conflict');
      // The sentence the user page shows as it is: why, and what to do instead.
      expect(refused.body.error.message).toBe(
        `${squatter.email} has never proved its email address (anyone can sign up with an address that is not theirs), so it cannot be given a console role. ` +
          'Invite the address from Users instead: the invitation’s link proves it and takes the account over. ' +
          'Or ask the owner of the address to confirm it with the link in the verification mail first.',
      );
    }
    const cli = await runAdminCommand(['grant', squatter.email, 'admin'], { DATABASE_URL: server.config.DATABASE_URL });
    expect(cli.code).toBe(1);
    expect(cli.output).toContain('has never proved its email address');
    expect(await server.app.identity.rolesOf(squatter.uid)).toEqual([]);
    expect(await auditEntries(server, 'role.grant')).toHaveLength(before);
    const signedIn = await signIn(server, squatter.email);
    expect(signedIn.claims().staff).toBeUndefined();
    expect((await signedIn.call('GET', '/api/admin/session')).status).toBe(403);
    // Taking a role away needs no proof.
    expect((await admin.call('DELETE', `/api/admin/users/${squatter.uid}/roles/staff`)).status).toBe(200);
  });

  it('gives roles as before once the owner proved the address with the verification mail', async () => {
    const person = await newPerson(server, [], 'proved');
    expect((await identityCall(server, 'accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: person.idToken })).status).toBe(200);
    const applied = await identityCall<{ emailVerified: boolean }>(server, 'accounts:update', {
      oobCode: mailedCode(person.email),
      idToken: person.idToken,
    });
    expect(applied.body.emailVerified).toBe(true);
    const granted = await admin.call<{ roles: string[] }>('PUT', `/api/admin/users/${person.uid}/roles/staff`);
    expect(granted.status).toBe(200);
    expect(granted.body.roles).toEqual(['staff']);
    const cli = await runAdminCommand(['grant', person.email, 'admin'], { DATABASE_URL: server.config.DATABASE_URL });
    expect(cli).toMatchObject({ code: 0 });
    expect(await server.app.identity.rolesOf(person.uid)).toEqual(['admin', 'staff']);
    // The password its holder set stays (the verification came with their own session).
    expect((await signIn(server, person.email)).claims()).toMatchObject({ staff: true, admin: true });
  });
});

describe.each(ENGINES)('first administrator (%s)', (engine) => {
  it('logs one setup link at each start while no admin exists; the link works once within the hour', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const server = await startTestServer({ engine, logStream: stream });
    try {
      const linkLines = lines.filter((line) => line.includes('/admin/setup?token='));
      expect(linkLines).toHaveLength(1);
      const link = /(http\S+\/admin\/setup\?token=[\w-]+)/.exec(linkLines[0]!)![1]!;
      const token = tokenOf(link);
      const page = await new HttpClient(server.url).get(`/admin/setup?token=${token}`, { accept: 'text/html' });
      expect(page.status).toBe(200);
      expect(page.text).toContain('Create the administrator account');

      // A weak password: the form again with the reason, the link still usable, nobody created.
      const weak = await form(server, { token, email: 'boss@example.com', password: 'short' });
      expect(weak.status).toBe(400);
      expect(weak.text).toContain('role="alert"');
      expect(await server.database.db.selectFrom('users').select('id').where('email', '=', 'boss@example.com').execute()).toHaveLength(0);

      // Two submissions of one link at once make one administrator.
      const [a, b] = await Promise.all([
        form(server, { token, email: 'boss@example.com', password: PASSWORD }),
        form(server, { token, email: 'other@example.com', password: PASSWORD }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 410]);
      const admins = await server.database.db.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      const created = await server.database.db.selectFrom('users').select('email').where('id', '=', admins[0]!.user_id).executeTakeFirst();
      const boss = await signIn(server, created!.email);
      expect(boss.claims().admin).toBe(true);
      expect((await boss.call('GET', '/api/admin/settings')).status).toBe(200);
      expect(await auditEntries(server, 'role.grant')).toHaveLength(1);

      // Used: refused. And with an admin there, no new link at the next start.
      expect((await new HttpClient(server.url).get(`/admin/setup?token=${token}`)).status).toBe(410);
      expect((await form(server, { token, email: 'late@example.com', password: PASSWORD })).status).toBe(410);
      lines.length = 0;
      const restarted = await server.restart();
      await restarted.stop();
      expect(lines.filter((line) => line.includes('/admin/setup?token='))).toHaveLength(0);
    } finally {
      await server.destroy();
    }
  });

  it('refuses an expired or unknown link, and makes a new link at each start', async () => {
    const server = await startTestServer({ engine });
    try {
      const first = tokenOf((await server.app.identity.issueSetupLink())!);
      const second = tokenOf((await server.app.identity.issueSetupLink())!);
      expect(first).not.toBe(second);
      await server.database.db
        .updateTable('admin_setup_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      expect((await new HttpClient(server.url).get(`/admin/setup?token=${first}`)).status).toBe(410);
      expect((await form(server, { token: second, email: 'boss@example.com', password: PASSWORD })).status).toBe(410);
      expect((await form(server, { token: 'made-up', email: 'boss@example.com', password: PASSWORD })).status).toBe(410);
      expect(await server.database.db.selectFrom('user_roles').selectAll().execute()).toHaveLength(0);
    } finally {
      await server.destroy();
    }
  });
});
