import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation } from '../../src/common/invitation-schemas';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
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
import { ENGINES, HttpClient, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';
import { freePort } from '../support/throwaway-services';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** Invitations of staff by email, through a real SMTP server. */
describe.each(ENGINES)('staff invitations (%s)', (engine) => {
  let server: TestServer;
  let sink: SmtpSink;
  let admin: Person;
  let staff: Person;
  let busy: Person;
  // Accounts signed up (before sign-up closes) with addresses nobody proved, as squatters make them.
  let squatter: Person;
  let provedLate: Person;
  let disabled: Person;
  let legacyStaff: Person;
  let address = 0;
  const anonymous = () => new HttpClient(server.url);
  const fromNewAddress = () => ({ 'x-forwarded-for': `10.23.${Math.floor(++address / 250)}.${address % 250}` });

  /** The token of the newest mail to this address, read from the link the mail carries. */
  const tokenMailedTo = async (email: string): Promise<string> => {
    for (let waited = 0; waited < 5_000; waited += 50) {
      const mail = sink.mails.filter((m) => m.to.includes(email)).at(-1);
      const link = mail?.data
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        .match(/https?:\/\/\S+\/admin\/invitation#token=([\w%-]+)/);
      if (link) return decodeURIComponent(link[1]!);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no invitation mail to ${email}`);
  };
  const accept = (token: string, password = PASSWORD) =>
    anonymous().request<{ uid: string; email: string; role: string } & ErrorBody>('POST', '/api/invitations/accept', {
      body: { token, password, displayName: 'Nina New' },
      headers: fromNewAddress(),
    });
  const invitationsOpen = async () =>
    (await admin.call<{ invitations: Invitation[] }>('GET', '/api/admin/invitations')).body.invitations.map((i) => i.email);
  const invite = (email: string, role = 'staff') => admin.call<Invitation & ErrorBody>('POST', '/api/admin/invitations', { email, role });

  beforeAll(async () => {
    const port = await freePort();
    sink = await startSmtpSink(port);
    server = await startTestServer({ engine, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    admin = await newPerson(server, ['admin'], 'admin');
    staff = await newPerson(server, ['staff'], 'staff');
    busy = await newPerson(server, ['admin'], 'busy');
    squatter = await newPerson(server, [], 'newhire');
    provedLate = await newPerson(server, [], 'proved-late');
    disabled = await newPerson(server, [], 'disabled');
    legacyStaff = await newPerson(server, [], 'legacy');
    // Invitations work while sign-up is closed.
    expect((await admin.call('PATCH', '/api/admin/settings', { signUpOpen: false })).status).toBe(200);
  });
  afterAll(async () => {
    await server?.destroy();
    await sink?.close();
  });

  it('invites by email with a role; the mailed link sets a password once, creates the account with the role, and signs in', async () => {
    const email = uniqueEmail('Invited').toUpperCase();
    const sent = await invite(email, 'admin');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ email: email.toLowerCase(), role: 'admin', invitedBy: admin.email, mailSent: true });
    const listed = await admin.call<{ invitations: Invitation[] }>('GET', '/api/admin/invitations');
    expect(listed.body.invitations.map((i) => i.email)).toContain(email.toLowerCase());

    const token = await tokenMailedTo(email.toLowerCase());
    const preview = await anonymous().request('POST', '/api/invitations/lookup', { body: { token }, headers: fromNewAddress() });
    expect(preview).toMatchObject({ status: 200, body: { email: email.toLowerCase(), role: 'admin' } });

    const accepted = await accept(token);
    expect(accepted.status).toBe(201);
    expect(accepted.body.role).toBe('admin');
    const person = await signIn(server, email.toLowerCase());
    expect(person.claims().admin).toBe(true);
    const session = await person.call<{ roles: string[] }>('GET', '/api/admin/session');
    expect(session.body.roles).toEqual(['admin']);
    const user = await server.database.db.selectFrom('users').selectAll().where('id', '=', accepted.body.uid).executeTakeFirstOrThrow();
    expect(user.display_name).toBe('Nina New');

    // Single use: the same link again, and the lookup, are refused; nothing more is created.
    const again = await accept(token, 'another password 2');
    expect(again.status).toBe(404);
    expect(again.body.error.message).toMatch(/cannot be used/);
    expect((await anonymous().request('POST', '/api/invitations/lookup', { body: { token }, headers: fromNewAddress() })).status).toBe(404);
    expect(
      (await admin.call<{ invitations: Invitation[] }>('GET', '/api/admin/invitations')).body.invitations.map((i) => i.email),
    ).not.toContain(email.toLowerCase());

    const [created] = await auditEntries(server, 'invitation.create');
    expect(created).toMatchObject({ actor_id: admin.uid, item_type: 'invitation', item_id: sent.body.id });
    const acceptedEntry = (await auditEntries(server, 'invitation.accept')).find((e) => e.item_id === accepted.body.uid);
    expect(acceptedEntry).toMatchObject({ actor_id: accepted.body.uid, item_type: 'user' });
  });

  it('resends with a new link (the old one void), withdraws (its link refused), and audits each step', async () => {
    const email = uniqueEmail('resent');
    const sent = await invite(email);
    const first = await tokenMailedTo(email);
    expect(
      (await anonymous().request('POST', '/api/invitations/lookup', { body: { token: first }, headers: fromNewAddress() })).status,
    ).toBe(200);
    const resent = await admin.call<Invitation>('POST', `/api/admin/invitations/${sent.body.id}/resend`);
    expect(resent.status).toBe(200);
    const second = await tokenMailedTo(email);
    expect(second).not.toBe(first);
    expect((await accept(first)).status).toBe(404);

    expect((await admin.call('DELETE', `/api/admin/invitations/${sent.body.id}`)).status).toBe(204);
    expect((await accept(second)).status).toBe(404);
    expect(await server.database.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    expect((await admin.call('DELETE', `/api/admin/invitations/${sent.body.id}`)).status).toBe(404);
    expect((await auditEntries(server, 'invitation.resend')).some((e) => e.item_id === sent.body.id)).toBe(true);
    expect((await auditEntries(server, 'invitation.withdraw')).some((e) => e.item_id === sent.body.id)).toBe(true);
  });

  it('takes over an account that signed up first with the invited address and never proved it: its password, sessions, provider and second factor go', async () => {
    const { db } = server.database;
    const now = new Date().toISOString();
    // What the squatter may have added: a provider of their own, an authenticator app with recovery codes.
    await db
      .insertInto('federated_identities')
      .values({
        id: randomUUID(),
        user_id: squatter.uid,
        provider_id: 'google.com',
        federated_id: `squatter-${engine}`,
        email: null,
        display_name: null,
        photo_url: null,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('mfa_enrollments')
      .values({
        id: randomUUID(),
        user_id: squatter.uid,
        display_name: 'Squatter phone',
        secret: 'JBSWY3DPEHPK3PXP',
        enrolled_at: now,
        last_used_step: 0,
      })
      .execute();
    await db
      .insertInto('mfa_recovery_codes')
      .values({ id: randomUUID(), user_id: squatter.uid, code_hash: 'f'.repeat(64), used_at: null })
      .execute();
    expect((await identityCall(server, 'accounts:lookup', { idToken: squatter.idToken })).status).toBe(200);

    const sent = await invite(squatter.email);
    expect(sent.status).toBe(201);
    const [created] = await auditEntries(server, 'invitation.create');
    expect(JSON.parse(created!.after_json!)).toMatchObject({ email: squatter.email, takesOverUnprovedAccount: squatter.uid });
    const accepted = await accept(await tokenMailedTo(squatter.email), 'new hire password 1');
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ uid: squatter.uid, email: squatter.email, role: 'staff' });

    // The squatter is out: their password, ID token and refresh token no longer work.
    const oldPassword = await identityCall(server, 'accounts:signInWithPassword', {
      email: squatter.email,
      password: PASSWORD,
      returnSecureToken: true,
    });
    expect(oldPassword.status).toBe(400);
    expect((await identityCall(server, 'accounts:lookup', { idToken: squatter.idToken })).status).toBe(400);
    const refreshed = await new HttpClient(server.url).request('POST', `/identity/v1/token?key=${TEST_API_KEY}`, {
      rawBody: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: squatter.refreshToken }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(refreshed.status).toBe(400);
    expect((await squatter.call('GET', '/api/admin/session')).status).toBe(401);
    expect(await db.selectFrom('federated_identities').select('id').where('user_id', '=', squatter.uid).execute()).toEqual([]);
    expect(await db.selectFrom('mfa_enrollments').select('id').where('user_id', '=', squatter.uid).execute()).toEqual([]);
    expect(await db.selectFrom('mfa_recovery_codes').select('id').where('user_id', '=', squatter.uid).execute()).toEqual([]);

    // The invited person has the account, proved, with the role and no second step they never set up.
    const hire = await signIn(server, squatter.email, 'new hire password 1');
    expect(hire.claims().staff).toBe(true);
    expect((await hire.call<{ roles: string[] }>('GET', '/api/admin/session')).body.roles).toEqual(['staff']);
    const user = await db.selectFrom('users').selectAll().where('id', '=', squatter.uid).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email_verified: 1, display_name: 'Nina New', photo_url: null });
    const entry = (await auditEntries(server, 'invitation.accept')).find((e) => e.item_id === squatter.uid);
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ role: 'staff', tookOverUnprovedAccount: true });
  });

  it('refuses to invite an address whose account holds a role or is disabled, and takes over no account proved before the link is used', async () => {
    const { db } = server.database;
    await db
      .insertInto('user_roles')
      .values({ user_id: legacyStaff.uid, role: 'staff', granted_by: null, granted_at: new Date().toISOString() })
      .execute();
    const staffAlready = await invite(legacyStaff.email);
    expect(staffAlready.status).toBe(409);
    expect(staffAlready.body.error.message).toBe(
      `${legacyStaff.email} already has a console role: change its roles from its page in Users.`,
    );
    await db.updateTable('users').set({ disabled: 1 }).where('id', '=', disabled.uid).execute();
    const disabledAccount = await invite(disabled.email);
    expect(disabledAccount.status).toBe(409);
    expect(disabledAccount.body.error.message).toMatch(/has a disabled account: delete it/);

    // Invited while unproved; its owner proves the address before the link is used: the link makes nothing.
    expect((await invite(provedLate.email)).status).toBe(201);
    const token = await tokenMailedTo(provedLate.email);
    await proveAddress(server, provedLate.uid);
    const late = await accept(token, 'another password 3');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/has an account already/);
    expect(await server.app.identity.rolesOf(provedLate.uid)).toEqual([]);
    expect((await signIn(server, provedLate.email)).claims().staff).toBeUndefined();
    expect((await invitationsOpen()).includes(provedLate.email)).toBe(true);
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail('late');
    const sent = await invite(email);
    const token = await tokenMailedTo(email);
    await server.database.db
      .updateTable('staff_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sent.body.id)
      .execute();
    expect((await accept(token)).status).toBe(404);
    expect(await server.database.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
  });

  it('refuses non-admins, a stale sign-in, bad input, an address with an account, and a second invitation of one address', async () => {
    const email = uniqueEmail('refused');
    const anon = await anonymous().request<ErrorBody>('POST', '/api/admin/invitations', { body: { email, role: 'staff' } });
    expect(anon.status).toBe(401);
    const asStaff = await staff.call<ErrorBody>('POST', '/api/admin/invitations', { email, role: 'staff' });
    expect(asStaff.status).toBe(403);
    expect((await staff.call('GET', '/api/admin/invitations')).status).toBe(403);
    const stale = await new HttpClient(server.url).request<ErrorBody>('POST', '/api/admin/invitations', {
      body: { email, role: 'staff' },
      headers: { authorization: `Bearer ${await staleToken(server, admin)}` },
    });
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('recent_login_required');

    const bad = await admin.call<ErrorBody>('POST', '/api/admin/invitations', { email: 'not an email', role: 'owner' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['email', 'role']);
    const existing = await invite(staff.email);
    expect(existing.status).toBe(409);
    expect(existing.body.error.message).toMatch(/already has an account/);
    expect((await invite(email)).status).toBe(201);
    expect((await invite(email)).status).toBe(409);

    const weak = await accept('whatever-token', 'short');
    expect(weak.status).toBe(400);
    expect(await server.database.db.selectFrom('staff_invitations').select('id').where('email', '=', 'not an email').execute()).toEqual([]);
  });

  it('limits the invitation mails of one administrator per hour', async () => {
    const rows = Array.from({ length: 20 }, (_, n) => ({
      id: `filler-${engine}-${n}`,
      at: new Date().toISOString(),
      actor_id: busy.uid,
      actor_email: busy.email,
      action: 'invitation.create',
      item_type: 'invitation',
      item_id: `filler-${n}`,
      before_json: null,
      after_json: null,
    }));
    await server.database.db.insertInto('audit_log').values(rows).execute();
    const refused = await busy.call<ErrorBody>('POST', '/api/admin/invitations', { email: uniqueEmail('over'), role: 'staff' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
  });
});
