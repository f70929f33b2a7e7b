import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxMessageDetail, InboxPage } from '../../src/common/inbox-schemas';
import { ADMIN_RATE_LIMIT } from '../../src/server/admin/routes';
import { issueFormToken } from '../../src/server/inbox/spam';
import { serverSecretsRepository } from '../../src/server/platform/secrets/repository';
import { supportMessagesRepository } from '../../src/server/support/repository';
import { startSmtpSink } from '../support/smtp-sink';
import { freePort } from '../support/throwaway-services';
import { auditEntries, newPerson, type Person } from '../support/staff';
import type { SiteRenderer } from '../../src/server/platform/render/site-renderer';
import { ENGINES, HttpClient, startTestServer, type TestServer } from '../support/test-server';

/** Renders the site from its source, so these tests need no build. */
const sourceRenderer: SiteRenderer = {
  assets: { script: '', styles: [], preloads: [] },
  module: () => import('../../src/site/entry-server'),
};

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const FAST_MAIL = { MAIL_OUTBOX_POLL_MS: '50', MAIL_RETRY_BASE_MS: '50', CONTACT_MIN_FILL_MS: '300', TRUST_PROXY: '1' };
let address = 0;
const fromNewAddress = (headers: Record<string, string> = {}) => ({
  'x-forwarded-for': `10.9.${Math.floor(++address / 250)}.${address % 250}`,
  ...headers,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - start > timeoutMs) return value;
    await sleep(50);
  }
}

async function sendMessage(server: TestServer, body: Record<string, unknown>) {
  return new HttpClient(server.url).request<{ id: string }>('POST', '/api/support-messages', { body, headers: fromNewAddress() });
}

const message = (n: number) => ({
  name: `Person ${n}`,
  email: `person${n}@example.com`,
  subject: `Subject ${n}`,
  message: `Message number ${n} about printers.`,
});

async function statusOf(server: TestServer, id: string) {
  return (await server.database.db.selectFrom('support_messages').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
}
const outboxRows = (server: TestServer) => server.database.db.selectFrom('mail_outbox').selectAll().execute();

describe.each(ENGINES)('Contact Us inbox (%s)', (engine) => {
  let server: TestServer;
  let admin: Person;
  let staff: Person;
  let user: Person;

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      siteRenderer: sourceRenderer,
      env: { ...FAST_MAIL, SUPPORT_INBOX_EMAIL: 'help@northwind.example, boss@northwind.example' },
    });
    admin = await newPerson(server, ['admin'], 'admin');
    staff = await newPerson(server, ['staff'], 'staff');
    user = await newPerson(server, [], 'user');
  });
  afterAll(async () => server?.destroy());

  it('answers anonymous 401 and users 403 on every route, changing nothing', async () => {
    const { body } = await sendMessage(server, message(1));
    const id = body.id;
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/inbox'],
      ['GET', '/api/admin/inbox/export.csv'],
      ['GET', '/api/admin/inbox/preferences'],
      ['PUT', '/api/admin/inbox/preferences', { notifyNewMessages: true }],
      ['GET', `/api/admin/inbox/${id}`],
      ['POST', `/api/admin/inbox/${id}/replies`, { body: 'Hello' }],
      ['POST', `/api/admin/inbox/${id}/notes`, { body: 'Note' }],
      ['PUT', `/api/admin/inbox/${id}/status`, { status: 'closed' }],
    ];
    const events = async () => (await server.database.db.selectFrom('support_message_events').select('id').execute()).length;
    const before = await events();
    for (const [method, path, body] of routes) {
      const anonymous = await new HttpClient(server.url).request<ErrorBody>(method, path, body === undefined ? {} : { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.error.code).toBe('unauthenticated');
      const plain = await user.call<ErrorBody>(method, path, body);
      expect(plain.status, `${method} ${path}`).toBe(403);
      expect(plain.body.error.code).toBe('forbidden');
    }
    expect(await events()).toBe(before);
    expect(await statusOf(server, id)).toBe('new');
    for (const person of [staff, admin]) {
      expect((await person.call('GET', '/api/admin/inbox')).status).toBe(200);
      expect((await person.call('GET', `/api/admin/inbox/${id}`)).status).toBe(200);
      expect((await person.call('GET', '/api/admin/inbox/preferences')).status).toBe(200);
    }
  });

  it('lists newest first with keyset paging, filters by status and searches text and email', async () => {
    const base = Date.parse('2030-01-01T00:00:00.000Z');
    const ids: string[] = [];
    for (let n = 0; n < 7; n++) {
      const created = await supportMessagesRepository(server.database.db).insert(
        { ...message(100 + n), email: `Paging${n}@Example.com` },
        null,
        new Date(base + n * 1000),
      );
      ids.push(created!.id);
    }
    const first = await staff.call<InboxPage>('GET', '/api/admin/inbox?limit=3');
    expect(first.body.messages.map((m) => m.id)).toEqual(ids.slice(-3).reverse());
    const second = await staff.call<InboxPage>('GET', `/api/admin/inbox?limit=3&cursor=${first.body.next}`);
    expect(second.body.messages.map((m) => m.id)).toEqual(ids.slice(1, 4).reverse());
    expect(first.body.messages.every((m) => m.status === 'new')).toBe(true);

    const byEmail = await staff.call<InboxPage>('GET', '/api/admin/inbox?q=paging3%40ex');
    expect(byEmail.body.messages.map((m) => m.id)).toEqual([ids[3]]);
    const byText = await staff.call<InboxPage>('GET', `/api/admin/inbox?q=${encodeURIComponent('NUMBER 105')}`);
    expect(byText.body.messages.map((m) => m.id)).toEqual([ids[5]]);
    const wildcard = await staff.call<InboxPage>('GET', `/api/admin/inbox?q=${encodeURIComponent('%_')}`);
    expect(wildcard.body.messages).toEqual([]);

    await staff.call('PUT', `/api/admin/inbox/${ids[2]}/status`, { status: 'closed' });
    const closed = await staff.call<InboxPage>('GET', '/api/admin/inbox?status=closed');
    expect(closed.body.messages.map((m) => m.id)).toEqual([ids[2]]);
  });

  it('refuses bad queries and bodies with a clear error and changes nothing', async () => {
    const { body } = await sendMessage(server, message(2));
    const bad: [string, string, unknown?][] = [
      ['GET', `/api/admin/inbox?q=${'x'.repeat(101)}`],
      ['GET', '/api/admin/inbox?status=deleted'],
      ['GET', '/api/admin/inbox?limit=1000'],
      ['GET', '/api/admin/inbox?cursor=not-a-cursor'],
      ['POST', `/api/admin/inbox/${body.id}/replies`, { body: '   ' }],
      ['POST', `/api/admin/inbox/${body.id}/replies`, { body: 'x'.repeat(10_001) }],
      ['POST', `/api/admin/inbox/${body.id}/replies`, { body: 'Hi', cc: 'x@example.com' }],
      ['POST', `/api/admin/inbox/${body.id}/notes`, {}],
      ['PUT', `/api/admin/inbox/${body.id}/status`, { status: 'deleted' }],
      ['PUT', '/api/admin/inbox/preferences', { notifyNewMessages: 'yes' }],
    ];
    const before = await outboxRows(server);
    for (const [method, path, payload] of bad) {
      const response = await staff.call<ErrorBody>(method, path, payload);
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(response.body.error.message).toBeTruthy();
    }
    const detail = await staff.call<InboxMessageDetail>('GET', `/api/admin/inbox/${body.id}`);
    expect(detail.body.history).toEqual([]);
    expect(detail.body.message.status).toBe('new');
    expect((await outboxRows(server)).length).toBe(before.length);
    expect((await staff.call<ErrorBody>('GET', '/api/admin/inbox/no-such-id')).status).toBe(404);
    expect((await staff.call<ErrorBody>('POST', '/api/admin/inbox/no-such-id/notes', { body: 'x' })).status).toBe(404);
  });

  it('mails a reply to the sender, stores it with its delivery state and marks the conversation waiting for the customer', async () => {
    const { body } = await sendMessage(server, { ...message(3), email: 'reply.me@example.com' });
    const response = await staff.call<InboxMessageDetail>('POST', `/api/admin/inbox/${body.id}/replies`, {
      body: 'We will call you today.',
    });
    expect(response.status).toBe(201);
    expect(response.body.message.status).toBe('waiting');
    expect(response.body.history.map((e) => e.kind)).toEqual(['reply', 'status']);
    const mail = await until(
      () => server.app.identity.mailer.outbox.filter((m) => m.to === 'reply.me@example.com'),
      (mails) => mails.length > 0,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/^Re: Subject 3 \[#NW-[0-9a-f]{8}\]$/);
    expect(mail[0]!.text).toMatch(/^We will call you today\.\n\nOn .+ wrote:\n> Message number 3 about printers\.\n$/);
    const detail = await until(
      async () => (await staff.call<InboxMessageDetail>('GET', `/api/admin/inbox/${body.id}`)).body,
      (d) => d.history[0]?.delivery === 'sent',
    );
    expect(detail.history[0]).toMatchObject({ kind: 'reply', body: 'We will call you today.', delivery: 'sent', actorEmail: staff.email });
    expect(detail.history[1]).toMatchObject({ kind: 'status', fromStatus: 'new', toStatus: 'waiting' });
    const audit = await auditEntries(server, 'inbox.reply');
    expect(audit.find((entry) => entry.item_id === body.id)).toMatchObject({ actor_id: staff.uid, item_type: 'support_message' });
  });

  it('records notes and status changes in the history and the audit log', async () => {
    const { body } = await sendMessage(server, message(4));
    await admin.call('POST', `/api/admin/inbox/${body.id}/notes`, { body: 'Called back, no answer.' });
    const changed = await staff.call<InboxMessageDetail>('PUT', `/api/admin/inbox/${body.id}/status`, { status: 'open' });
    expect(changed.body.message.status).toBe('open');
    expect(changed.body.history.map((e) => [e.kind, e.body ?? e.toStatus])).toEqual([
      ['note', 'Called back, no answer.'],
      ['status', 'open'],
    ]);
    expect((await auditEntries(server, 'inbox.note')).some((e) => e.item_id === body.id && e.actor_id === admin.uid)).toBe(true);
    const statusAudit = (await auditEntries(server, 'inbox.status')).find((e) => e.item_id === body.id)!;
    expect(JSON.parse(statusAudit.before_json!)).toEqual({ status: 'new' });
    expect(JSON.parse(statusAudit.after_json!)).toEqual({ status: 'open' });
  });

  it('keeps every one of many concurrent replies and notes, each with one mail and one audit entry', async () => {
    const { body } = await sendMessage(server, { ...message(8), email: 'busy@example.com' });
    const replies = Array.from({ length: 6 }, (_, n) => `Concurrent reply ${n}`);
    const notes = Array.from({ length: 6 }, (_, n) => `Concurrent note ${n}`);
    const answers = await Promise.all([
      ...replies.map((text, n) => (n % 2 ? staff : admin).call('POST', `/api/admin/inbox/${body.id}/replies`, { body: text })),
      ...notes.map((text) => staff.call('POST', `/api/admin/inbox/${body.id}/notes`, { body: text })),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    const detail = (await staff.call<InboxMessageDetail>('GET', `/api/admin/inbox/${body.id}`)).body;
    expect(
      detail.history
        .filter((e) => e.kind === 'reply')
        .map((e) => e.body)
        .sort(),
    ).toEqual(replies.sort());
    expect(
      detail.history
        .filter((e) => e.kind === 'note')
        .map((e) => e.body)
        .sort(),
    ).toEqual(notes.sort());
    // One status change to waiting, however many replies raced for it.
    expect(detail.history.filter((e) => e.kind === 'status')).toHaveLength(1);
    const mails = (await outboxRows(server)).filter((row) => row.recipient === 'busy@example.com');
    expect(mails).toHaveLength(6);
    const audited = [...(await auditEntries(server, 'inbox.reply')), ...(await auditEntries(server, 'inbox.note'))];
    expect(audited.filter((entry) => entry.item_id === body.id)).toHaveLength(12);
  });

  it('exports the filtered view as CSV with formulas defused', async () => {
    const { body } = await sendMessage(server, {
      name: '=HYPERLINK("http://evil")',
      email: 'csv@example.com',
      subject: '@SUM(A1)',
      message: '+1 "quoted", text',
    });
    await staff.call('PUT', `/api/admin/inbox/${body.id}/status`, { status: 'closed' });
    const response = await staff.client.request('GET', '/api/admin/inbox/export.csv?status=closed&q=csv%40', {
      headers: { authorization: `Bearer ${staff.idToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const lines = response.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,date,status,name,email,subject,message');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain(`'@SUM(A1)`);
    expect(lines[1]).toContain(`"'+1 ""quoted"", text"`);
  });

  it('exports no formula to a spreadsheet that splits on semicolons (German, French locales)', async () => {
    const hostile = "harmless x;=cmd|' /C calc'!A0";
    const { body } = await sendMessage(server, {
      name: 'Semi Colon',
      email: 'semicolon-csv@example.com',
      subject: 'Totals;+1;-2;@SUM(A1)',
      message: hostile,
    });
    const response = await staff.client.request('GET', '/api/admin/inbox/export.csv?q=semicolon-csv%40', {
      headers: { authorization: `Bearer ${staff.idToken}` },
    });
    expect(response.status).toBe(200);
    const lines = response.text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(body.id);
    // Quoted, so a spreadsheet honouring quotes keeps it one cell whatever its list separator.
    expect(lines[1]).toContain(`"harmless x;'=cmd|' /C calc'!A0"`);
    expect(lines[1]).toContain(`"Totals;'+1;'-2;'@SUM(A1)"`);
    // And split on semicolons regardless of the quotes, no part starts a formula.
    for (const part of lines[1]!.split(';')) expect(part.replace(/^"/, '').trim()).not.toMatch(/^[=+\-@]/);
  });

  it('queues a notification to the inbox addresses and subscribed staff with the message, and sends each once', async () => {
    expect((await staff.call('PUT', '/api/admin/inbox/preferences', { notifyNewMessages: true })).status).toBe(200);
    expect((await staff.call<{ notifyNewMessages: boolean }>('GET', '/api/admin/inbox/preferences')).body.notifyNewMessages).toBe(true);
    const { body } = await sendMessage(server, message(5));
    const link = `/admin/inbox/${body.id}`;
    const mails = await until(
      () => server.app.identity.mailer.outbox.filter((m) => m.link.endsWith(link)),
      (list) => list.length >= 3,
    );
    await sleep(300);
    expect(
      server.app.identity.mailer.outbox
        .filter((m) => m.link.endsWith(link))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['boss@northwind.example', 'help@northwind.example', staff.email].sort());
    expect(mails[0]!.subject).toBe('New Contact Us message from Person 5: Subject 5');
    await staff.call('PUT', '/api/admin/inbox/preferences', { notifyNewMessages: false });
  });

  it('stores honeypot and too-fast submissions as spam, answers success and tells nobody', async () => {
    const mailsBefore = (await outboxRows(server)).length;
    const honeypot = await sendMessage(server, { ...message(6), website: 'http://cheap.example' });
    expect(honeypot.status).toBe(201);
    expect(await statusOf(server, honeypot.body.id)).toBe('spam');

    const key = await serverSecretsRepository(server.database.db).secret('contact-form');
    const form = (token: string, extra: Record<string, string> = {}) =>
      new HttpClient(server.url).request('POST', '/support', {
        rawBody: new URLSearchParams({ ...message(7), formToken: token, website: '', ...extra }).toString(),
        headers: fromNewAddress({ 'content-type': 'application/x-www-form-urlencoded' }),
      });
    const tooFast = await form(issueFormToken(key));
    expect(tooFast.status).toBe(303);
    expect(tooFast.headers.get('location')).toBe('/support?sent=1');
    const forged = await form(`${Date.now() - 60_000}.${'A'.repeat(43)}`);
    expect(forged.headers.get('location')).toBe('/support?sent=1');
    const human = await form(issueFormToken(key, Date.now() - 5000));
    expect(human.headers.get('location')).toBe('/support?sent=1');
    const rows = await server.database.db
      .selectFrom('support_messages')
      .select(['status', 'spam_reason'])
      .where('email', '=', 'person7@example.com')
      .orderBy('date')
      .execute();
    expect(rows).toEqual([
      { status: 'spam', spam_reason: 'too_fast' },
      { status: 'spam', spam_reason: 'bad_token' },
      { status: 'new', spam_reason: null },
    ]);
    // Two notifications for the one real message (the inbox addresses), none for the spam.
    expect((await outboxRows(server)).length).toBe(mailsBefore + 2);
    const spamFolder = await staff.call<InboxPage>('GET', '/api/admin/inbox?status=spam');
    expect(spamFolder.body.messages.map((m) => m.id)).toContain(honeypot.body.id);
  });

  it('renders the form with a signed time and a honeypot that works without JavaScript', async () => {
    const page = await new HttpClient(server.url).get('/support');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/name="formToken" value="\d{13}\.[A-Za-z0-9_-]{43}"/);
    expect(page.text).toContain('name="website"');
  });

  it('limits console requests per address, with the /api error format', async () => {
    const headers = { authorization: `Bearer ${staff.idToken}`, 'x-forwarded-for': '10.99.0.1' };
    const answers = await Promise.all(
      Array.from({ length: ADMIN_RATE_LIMIT.max + 5 }, () =>
        staff.client.request<ErrorBody>('GET', '/api/admin/inbox?limit=1', { headers }),
      ),
    );
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    expect(limited[0]!.body.error.code).toBe('rate_limited');
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(ADMIN_RATE_LIMIT.max);
  });

  it('lets only staff follow the inbox live topic', async () => {
    const open = async (token?: string) => {
      const controller = new AbortController();
      const response = await fetch(`${server.url}/api/changes?topics=inbox`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: controller.signal,
      });
      controller.abort();
      return response.status;
    };
    expect(await open()).toBe(401);
    expect(await open(user.idToken)).toBe(403);
    expect(await open(staff.idToken)).toBe(200);
  });
});

describe.each(ENGINES)('notification outbox with a mail server that fails (%s)', (engine) => {
  let port: number;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    port = await freePort();
    const env = {
      ...FAST_MAIL,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SUPPORT_INBOX_EMAIL: 'help@northwind.example',
      MAIL_TIMEOUT_MS: '500',
    };
    first = await startTestServer({ engine, seed: false, env });
    second = await startTestServer({ engine, seed: false, env, databaseUrl: first.config.DATABASE_URL });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.destroy();
  });

  it('loses nothing while the mail server is down and sends each mail exactly once when it is back, with two instances', async () => {
    // First a mail server that accepts connections and never answers: each send times out.
    const hung = new Set<Socket>();
    const silent = createServer((socket) => {
      hung.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    const ids: string[] = [];
    for (let n = 0; n < 6; n++) ids.push((await sendMessage(n % 2 ? second : first, message(200 + n))).body.id);
    const timedOut = await until(
      () => outboxRows(first),
      (rows) => rows.length === 6 && rows.every((row) => row.last_error?.includes('timed out')),
      30_000,
    );
    expect(timedOut.every((row) => row.sent_at === null && row.last_error?.includes('timed out'))).toBe(true);
    await new Promise<void>((resolve) => {
      silent.close(() => resolve());
      for (const socket of hung) socket.destroy();
    });
    // Then nothing listening at all (connection refused).
    // Both instances try (and fail) while nothing listens on the mail port.
    const failed = await until(
      () => outboxRows(first),
      (rows) =>
        rows.length === 6 && rows.every((row) => row.attempts >= 2 && row.last_error !== null && !row.last_error.includes('timed out')),
      30_000,
    );
    expect(failed.every((row) => row.sent_at === null)).toBe(true);

    const sink = await startSmtpSink(port);
    try {
      const rows = await until(
        () => outboxRows(first),
        (list) => list.every((row) => row.sent_at !== null),
        60_000,
      );
      expect(rows.every((row) => row.sent_at !== null)).toBe(true);
      await sleep(500);
      expect(sink.mails).toHaveLength(6);
      for (const id of ids) expect(sink.mails.filter((mail) => mail.data.includes(`/admin/inbox/${id}`))).toHaveLength(1);
      expect(sink.mails.every((mail) => mail.to.join() === 'help@northwind.example')).toBe(true);
    } finally {
      await sink.close();
    }
  });
});
