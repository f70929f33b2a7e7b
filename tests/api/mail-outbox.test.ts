import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailOutboxRow } from '../../src/server/platform/db/schema';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink';
import { newPerson, type Person } from '../support/staff';
import { ENGINES, HttpClient, startTestServer, type TestServer } from '../support/test-server';
import { freePort } from '../support/throwaway-services';

const DOMAIN = 'reply.test';
const env = (smtpPort: number, extra: Record<string, string> = {}) => ({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'Northwind Support <support@northwind.test>',
  INBOUND_MAIL_DOMAIN: DOMAIN,
  // Short, so the tests see a server answer after it; the waits below are on conditions.
  MAIL_TIMEOUT_MS: '200',
  MAIL_OUTBOX_POLL_MS: '50',
  MAIL_RETRY_BASE_MS: '50',
  CONTACT_MIN_FILL_MS: '0',
  TRUST_PROXY: '1',
  ...extra,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - start > timeoutMs) return value;
    await sleep(25);
  }
}

let address = 0;
async function contactUs(server: TestServer, email: string) {
  const response = await new HttpClient(server.url).request<{ id: string }>('POST', '/api/support-messages', {
    body: { name: 'Casey Customer', email, subject: 'Printer jam', message: 'The printer jams on every page.' },
    headers: { 'x-forwarded-for': `10.78.${Math.floor(++address / 250)}.${address % 250}` },
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

const rowsOf = (server: TestServer, kind?: string): Promise<MailOutboxRow[]> => {
  const query = server.database.db.selectFrom('mail_outbox').selectAll().orderBy('created_at');
  return (kind ? query.where('kind', '=', kind) : query).execute();
};
const copiesTo = (sink: SmtpSink, recipient: string) => sink.mails.filter((mail) => mail.to.includes(recipient));
const messageIdOf = (mail: ReceivedMail) => /^Message-ID: *(<[^>\r\n]{1,300}>)\r?$/im.exec(mail.data.slice(0, 20_000))?.[1] ?? null;

describe.each(ENGINES)('mail outbox and a slow mail server (%s)', (engine) => {
  let sink: SmtpSink;
  let server: TestServer;
  let staff: Person;

  beforeAll(async () => {
    sink = await startSmtpSink(await freePort());
    server = await startTestServer({ engine, env: env(sink.port) });
    staff = await newPerson(server, ['staff'], 'staff');
  });
  afterAll(async () => {
    sink?.release();
    await server?.destroy();
    await sink?.close();
  });

  it('gets each reply once from a server that answers 250 after the mail timeout, and the row says so', async () => {
    const id = await contactUs(server, 'slow.server@example.com');
    sink.stall('DATA-END');
    for (const n of [1, 2, 3])
      expect((await staff.call('POST', `/api/admin/inbox/${id}/replies`, { body: `Reply ${n}` })).status).toBe(201);
    const replies = () => rowsOf(server, 'inbox_reply');
    const tooMany = () => sink.mails.length > 3;
    // Whenever the server sits on its answer to a whole mail and the product's mail timeout has
    // passed on it (the row tells; a session ended before the end of the mail, which a busy
    // machine may see, is another matter), the server answers 250, late.
    const pastTimeout = (row: MailOutboxRow) =>
      row.sent_at === null && row.last_error !== null && !row.last_error.includes('before the mail server had the whole mail');
    const rows = await until(replies, (list) => {
      if (sink.held > 0 && list.some(pastTimeout)) sink.release();
      return (list.length === 3 && list.every((row) => row.sent_at !== null)) || tooMany();
    });
    sink.stall(null);
    expect(
      copiesTo(sink, 'slow.server@example.com')
        .map((mail) => /Reply (\d)/.exec(mail.data)?.[1])
        .sort(),
    ).toEqual(['1', '2', '3']);
    for (const row of rows) {
      expect(row.sent_at).not.toBeNull();
      expect(row.last_error).toMatch(/^sent: the mail server answered after \d+ ms, beyond MAIL_TIMEOUT_MS \(200 ms\)$/);
    }
  });

  it('ends a session the server stalls before it has the whole mail, so the retry is the only copy', async () => {
    const id = await contactUs(server, 'stalled.server@example.com');
    sink.stall('MAIL');
    expect((await staff.call('POST', `/api/admin/inbox/${id}/replies`, { body: 'Hold on' })).status).toBe(201);
    const row = async () => (await rowsOf(server, 'inbox_reply')).find((r) => r.recipient === 'stalled.server@example.com');
    const failed = await until(row, (r) => (r?.attempts ?? 0) >= 2 && r?.last_error !== null);
    expect(failed?.sent_at).toBeNull();
    // The server wakes up and answers every session it sat on: those the product gave up on are closed.
    sink.stall(null);
    sink.release();
    const sent = await until(row, (r) => r?.sent_at !== null && sink.open === 0);
    expect(sent?.sent_at).not.toBeNull();
    expect(sink.open).toBe(0);
    expect(copiesTo(sink, 'stalled.server@example.com')).toHaveLength(1);
    // An operator saw the tries and why they failed.
    expect(failed?.last_error).toMatch(/timed out after 200 ms before the mail server had the whole mail; the session was ended/);
  });
});

describe.each(ENGINES)('mail outbox Message-IDs (%s)', (engine) => {
  let sink: SmtpSink;
  let server: TestServer;
  let staff: Person;
  let colleague: Person;

  beforeAll(async () => {
    sink = await startSmtpSink(await freePort());
    // The default mail timeout: here every send should succeed at its first try.
    server = await startTestServer({
      engine,
      env: env(sink.port, { SUPPORT_INBOX_EMAIL: 'desk@northwind.test', MAIL_TIMEOUT_MS: '10000' }),
    });
    staff = await newPerson(server, ['staff'], 'staff');
    colleague = await newPerson(server, ['staff'], 'colleague');
  });
  afterAll(async () => {
    await server?.destroy();
    await sink?.close();
  });

  it('resends a row that a crash left unmarked after the 250 with the Message-ID of its first copy, for every kind of mail', async () => {
    const id = await contactUs(server, 'crash@example.com');
    expect((await staff.call('POST', `/api/admin/inbox/${id}/replies`, { body: 'We are on it.' })).status).toBe(201);
    expect((await staff.call('PUT', `/api/admin/inbox/${id}/assignee`, { assigneeId: colleague.uid })).status).toBe(200);
    const recipients = ['desk@northwind.test', 'crash@example.com', colleague.email];
    const kinds = ['inbox_notification', 'inbox_reply', 'inbox_assigned'];
    const mine = async () => (await rowsOf(server)).filter((row) => recipients.includes(row.recipient));
    const sent = await until(mine, (rows) => rows.length === 3 && rows.every((row) => row.sent_at !== null));
    expect(sent.map((row) => row.kind).sort()).toEqual([...kinds].sort());
    expect(sent.every((row) => row.sent_at !== null)).toBe(true);

    // What a crash between the server's 250 and marking the row sent leaves, once the dead
    // instance's claim has run out: the row unsent, claimed by nobody alive.
    await server.database.db
      .updateTable('mail_outbox')
      .set({ sent_at: null, claimed_until: new Date(0).toISOString(), next_attempt_at: new Date(0).toISOString() })
      .where(
        'id',
        'in',
        sent.map((row) => row.id),
      )
      .execute();
    server.app.inbox.worker.kick();
    const tries = new Map(sent.map((row) => [row.id, row.attempts]));
    const resent = await until(mine, (rows) => rows.every((row) => row.sent_at !== null && row.attempts > tries.get(row.id)!));
    expect(resent.every((row) => row.sent_at !== null && row.attempts > tries.get(row.id)!)).toBe(true);

    const ids = new Set<string>();
    for (const row of resent) {
      const copies = copiesTo(sink, row.recipient);
      expect(copies, row.kind).toHaveLength(2);
      const [first, second] = copies.map(messageIdOf);
      expect(first, row.kind).toMatch(/^<[^@>]+@[^>]+>$/);
      expect(second, row.kind).toBe(first);
      expect(row.message_id, row.kind).toBe(first);
      ids.add(first!);
    }
    // One Message-ID per row, not one for all.
    expect(ids.size).toBe(3);
  });
});
