import BetterSqlite3 from 'better-sqlite3';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerConversations, InboxMessageDetail, InboxPage, SavedReply } from '../../src/common/inbox-schemas';
import { openNodeSqlite, sqliteDriverFor } from '../../src/server/platform/db/node-sqlite';
import { startMailCapture, type CapturedMail } from '../support/mail-capture';
import { newPerson, type Person } from '../support/staff';
import { ENGINES, HttpClient, startTestServer, type TestServer } from '../support/test-server';

const DOMAIN = 'reply.test';
const SECRET = 'inbound-secret-0123456789';
const MAX_BYTES = 60_000;
const env = (smtpPort: number) => ({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'Northwind Support <support@northwind.test>',
  INBOUND_SMTP_PORT: '0',
  INBOUND_SMTP_HOST: '127.0.0.1',
  INBOUND_MAIL_DOMAIN: DOMAIN,
  INBOUND_MAIL_SECRET: SECRET,
  INBOUND_MAIL_MAX_BYTES: String(MAX_BYTES),
  SUPPORT_INBOX_EMAIL: 'desk@northwind.test',
  MAIL_OUTBOX_POLL_MS: '50',
  MAIL_RETRY_BASE_MS: '50',
  CONTACT_MIN_FILL_MS: '0',
  TRUST_PROXY: '1',
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

let address = 0;
async function contactUs(server: TestServer, email: string, subject = 'Laptop will not boot') {
  const response = await new HttpClient(server.url).request<{ id: string }>('POST', '/api/support-messages', {
    body: { name: 'Casey Customer', email, subject, message: 'My laptop shows a black screen.' },
    headers: { 'x-forwarded-for': `10.77.${Math.floor(++address / 250)}.${address % 250}` },
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

/** A transport to the product's own receiver, as the customer's mail server would connect. */
const toReceiver = (server: TestServer) =>
  nodemailer.createTransport({ host: '127.0.0.1', port: server.app.inboundSmtpPort!, secure: false, ignoreTLS: true });

async function events(server: TestServer, id: string) {
  return server.database.db.selectFrom('support_message_events').selectAll().where('message_id', '=', id).orderBy('at').execute();
}
const statusOf = async (server: TestServer, id: string) =>
  (await server.database.db.selectFrom('support_messages').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const inboundCount = async (server: TestServer) => (await server.database.db.selectFrom('inbound_mails').select('id').execute()).length;

describe.each(ENGINES)('help desk (%s)', (engine) => {
  let server: TestServer;
  let capture: Awaited<ReturnType<typeof startMailCapture>>;
  let staff: Person;
  let admin: Person;

  beforeAll(async () => {
    capture = await startMailCapture();
    server = await startTestServer({ engine, env: env(capture.port) });
    staff = await newPerson(server, ['staff'], 'staff');
    admin = await newPerson(server, ['admin'], 'admin');
  });
  afterAll(async () => {
    await server?.destroy();
    await capture?.close();
  });

  /** A conversation with one staff reply mailed; returns the reply as the customer received it. */
  async function conversationWithReply(email: string): Promise<{ id: string; mail: CapturedMail }> {
    const id = await contactUs(server, email);
    const reply = await staff.call<InboxMessageDetail>('POST', `/api/admin/inbox/${id}/replies`, {
      body: 'Please hold the power button for 10 s.',
    });
    expect(reply.status).toBe(201);
    const mails = await until(
      () => capture.mails.filter((mail) => mail.to.includes(email)),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);
    return { id, mail: mails[0]! };
  }

  it('mails a reply that can be answered: From, Reply-To, threading headers, the quote, text and HTML', async () => {
    const { id, mail } = await conversationWithReply('headers@example.com');
    const { parsed } = mail;
    expect(parsed.from?.value[0]?.address).toBe('support@northwind.test');
    const replyTo = parsed.replyTo?.value[0]?.address ?? '';
    expect(replyTo).toMatch(/^support\+[a-f0-9]{32}@reply\.test$/);
    expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@reply\.test>$/);
    expect(parsed.inReplyTo).toBe(`<conversation-${id}@reply.test>`);
    expect(parsed.references).toContain(`<conversation-${id}@reply.test>`);
    expect(parsed.subject).toMatch(/^Re: Laptop will not boot \[#NW-[0-9a-f]{8}\]$/);
    expect(parsed.text).toContain('Please hold the power button for 10 s.');
    expect(parsed.text).toContain('> My laptop shows a black screen.');
    expect(parsed.html).toContain('<blockquote');
    expect(mail.to).toEqual(['headers@example.com']);
    expect(await statusOf(server, id)).toBe('waiting');

    // A second reply in the same conversation keeps the reply address and threads below the first.
    await staff.call('POST', `/api/admin/inbox/${id}/replies`, { body: 'Any luck?' });
    const second = await until(
      () => capture.mails.filter((m) => m.to.includes('headers@example.com')),
      (found) => found.length > 1,
    );
    expect(second[1]!.parsed.replyTo?.value[0]?.address).toBe(replyTo);
    expect(second[1]!.parsed.inReplyTo).toBe(parsed.messageId);
  });

  it('stores an answer sent to the reply address in the same conversation before 250, folds the quote and reopens it', async () => {
    const { id, mail } = await conversationWithReply('answer@example.com');
    await staff.call('PUT', `/api/admin/inbox/${id}/status`, { status: 'closed' });
    const replyTo = mail.parsed.replyTo!.value[0]!.address!;
    const info = await toReceiver(server).sendMail({
      from: 'Casey Customer <answer@example.com>',
      to: replyTo,
      subject: `Re: ${mail.parsed.subject}`,
      text: 'It still will not boot.\n\nOn Mon, 1 Jan 2030, Northwind Support wrote:\n> Please hold the power button for 10 s.',
      inReplyTo: mail.parsed.messageId,
      attachments: [
        { filename: 'screen.png', content: Buffer.from('89504e470d0a1a0a', 'hex'), contentType: 'image/png' },
        { filename: 'tool.exe', content: Buffer.from('MZ'), contentType: 'application/octet-stream' },
      ],
    });
    expect(info.response).toMatch(/^250/);
    // Stored before the 250: no waiting here.
    const history = await events(server, id);
    const answer = history.find((event) => event.kind === 'answer')!;
    expect(answer).toMatchObject({ body: 'It still will not boot.', actor_email: 'answer@example.com' });
    expect(answer.quoted).toContain('> Please hold the power button');
    expect(await statusOf(server, id)).toBe('open');
    // The desk hears of the answer (nobody is assigned), by the same outbox.
    const told = await until(
      () => capture.mails.filter((m) => m.to.includes('desk@northwind.test') && m.parsed.subject?.startsWith('Answer from')),
      (found) => found.some((m) => m.parsed.text?.includes('It still will not boot.')),
    );
    expect(told.some((m) => m.parsed.text?.includes('It still will not boot.'))).toBe(true);
    const detail = (await staff.call<InboxMessageDetail>('GET', `/api/admin/inbox/${id}`)).body;
    const shown = detail.history.find((event) => event.kind === 'answer')!;
    expect(shown.attachments).toEqual([expect.objectContaining({ filename: 'screen.png', contentType: 'image/png' })]);
    expect(detail.history.some((event) => event.kind === 'note' && event.body?.includes('tool.exe'))).toBe(true);
    const file = await staff.call<unknown>('GET', `/api/admin/inbox/${id}/attachments/${shown.attachments[0]!.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment/);
    // The whole mail stays available to staff.
    const whole = await staff.client.request('GET', `/api/admin/inbox/${id}/mails/${shown.mailId}`, {
      headers: { authorization: `Bearer ${staff.idToken}` },
    });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('message/rfc822');
    expect(whole.text).toContain('> Please hold the power button for 10 s.');
    expect(whole.text).toContain('filename=tool.exe');
  });

  it('serves an attachment under a name whose extension says its kept type, never the sender’s', async () => {
    const { id, mail } = await conversationWithReply('names@example.com');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const info = await toReceiver(server).sendMail({
      from: 'names@example.com',
      to: mail.parsed.replyTo!.value[0]!.address!,
      subject: `Re: ${mail.parsed.subject}`,
      text: 'Here are the files.',
      inReplyTo: mail.parsed.messageId,
      attachments: [
        { filename: 'invoice.svg', content: Buffer.from(svg), contentType: 'image/png' },
        { filename: 'invoice.html', content: Buffer.from('<script>alert(2)</script>'), contentType: 'application/pdf' },
        { filename: 'setup.exe', content: Buffer.from('MZ'), contentType: 'image/gif' },
        { filename: '../Reçu “mars”.pdf', content: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' },
      ],
    });
    expect(info.response).toMatch(/^250/);
    const detail = (await staff.call<InboxMessageDetail>('GET', `/api/admin/inbox/${id}`)).body;
    const files = detail.history.find((event) => event.kind === 'answer')!.attachments;
    expect(files.map((file) => file.filename)).toHaveLength(4);
    const disposition = async (filename: string) => {
      const file = files.find((candidate) => candidate.filename.endsWith(filename))!;
      const response = await staff.call<unknown>('GET', `/api/admin/inbox/${id}/attachments/${file.id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(file.contentType);
      return response.headers.get('content-disposition');
    };
    expect(await disposition('invoice.svg')).toBe(`attachment; filename="invoice.png"; filename*=UTF-8''invoice.png`);
    expect(await disposition('invoice.html')).toBe(`attachment; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`);
    expect(await disposition('setup.exe')).toBe(`attachment; filename="setup.gif"; filename*=UTF-8''setup.gif`);
    expect(await disposition('mars”.pdf')).toBe(
      `attachment; filename="Re_u _mars_.pdf"; filename*=UTF-8''Re%C3%A7u%20%E2%80%9Cmars%E2%80%9D.pdf`,
    );
  });

  it('threads by In-Reply-To/References, never by the subject tag alone, and starts a new conversation otherwise (webhook)', async () => {
    const { id, mail } = await conversationWithReply('thread@example.com');
    const post = (raw: string) =>
      new HttpClient(server.url).request<{ outcome: string; conversationId: string | null }>('POST', '/api/inbound-mail', {
        rawBody: raw,
        headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
        csrf: false,
      });
    const mime = (headers: string, body: string) => `${headers}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;
    const byHeader = await post(
      mime(
        `From: thread@example.com\r\nTo: support@northwind.test\r\nSubject: Re: hello\r\nMessage-ID: <a1@example.com>\r\nReferences: ${mail.parsed.messageId}`,
        'Via references.',
      ),
    );
    expect(byHeader.status).toBe(202);
    expect(byHeader.body).toEqual({ outcome: 'answer', conversationId: id });
    const tag = /\[#NW-[0-9a-f]{8}\]/.exec(mail.parsed.subject!)![0];
    // The tag with the customer's From address is what anyone who saw the subject can write: a new conversation.
    const byTag = await post(
      mime(`From: thread@example.com\r\nTo: support@northwind.test\r\nSubject: About ${tag}\r\nMessage-ID: <a2@example.com>`, 'Via tag.'),
    );
    expect(byTag.body.outcome).toBe('new');
    expect(byTag.body.conversationId).not.toBe(id);
    // Nor from someone else.
    const stranger = await post(
      mime(`From: other@example.com\r\nTo: support@northwind.test\r\nSubject: About ${tag}\r\nMessage-ID: <a3@example.com>`, 'Hi.'),
    );
    expect(stranger.body.outcome).toBe('new');
    expect(stranger.body.conversationId).not.toBe(id);
    const fresh = await post(
      mime(
        'From: New Person <new.person@example.com>\r\nTo: support@northwind.test\r\nSubject: Printer\r\nMessage-ID: <a4@example.com>',
        'My printer jams.',
      ),
    );
    expect(fresh.body.outcome).toBe('new');
    const row = await server.database.db
      .selectFrom('support_messages')
      .selectAll()
      .where('id', '=', fresh.body.conversationId!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'New Person',
      email: 'new.person@example.com',
      subject: 'Printer',
      message: 'My printer jams.',
      status: 'new',
    });
    expect((await events(server, id)).filter((event) => event.kind === 'answer').map((event) => event.body)).toEqual(['Via references.']);

    // Postmark's inbound JSON, with the raw mail included, lands the same way.
    const postmark = await new HttpClient(server.url).request<{ outcome: string; conversationId: string | null }>(
      'POST',
      '/api/inbound-mail',
      {
        body: {
          From: 'thread@example.com',
          Subject: 'Re: hello',
          RawEmail: mime(
            `From: thread@example.com\r\nTo: support@northwind.test\r\nSubject: Re: hello\r\nMessage-ID: <pm1@example.com>\r\nIn-Reply-To: ${mail.parsed.messageId}`,
            'Via Postmark.',
          ),
        },
        headers: { authorization: `Bearer ${SECRET}` },
        csrf: false,
      },
    );
    expect(postmark.status).toBe(202);
    expect(postmark.body).toEqual({ outcome: 'answer', conversationId: id });
    expect((await events(server, id)).filter((event) => event.kind === 'answer').map((event) => event.body)).toContain('Via Postmark.');

    // HTML is read as text: no markup is stored for a page to render.
    const html = await post(
      'From: html@example.com\r\nTo: support@northwind.test\r\nSubject: Html\r\nMessage-ID: <h1@example.com>\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>Hello <b>bold</b></p><script>alert(1)</script><img src=x onerror=alert(2)>\r\n',
    );
    const stored = await server.database.db
      .selectFrom('support_messages')
      .select('message')
      .where('id', '=', html.body.conversationId!)
      .executeTakeFirstOrThrow();
    expect(stored.message).toContain('Hello bold');
    expect(stored.message).not.toMatch(/[<>]|alert/);
  });

  it('keeps auto-replies and bounces without reopening, replying or notifying', async () => {
    const { id, mail } = await conversationWithReply('auto@example.com');
    const replyTo = mail.parsed.replyTo!.value[0]!.address!;
    const before = {
      events: (await events(server, id)).length,
      outbox: (await server.database.db.selectFrom('mail_outbox').select('id').execute()).length,
    };
    const autoReply = await toReceiver(server).sendMail({
      from: 'auto@example.com',
      to: replyTo,
      subject: 'Out of office',
      text: 'I am away until Monday.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    expect(autoReply.response).toMatch(/^250/);
    const bounce = await toReceiver(server).sendMail({
      envelope: { from: '', to: [replyTo] },
      raw: [
        'From: Mail Delivery System <MAILER-DAEMON@mx.example.com>',
        `To: ${replyTo}`,
        'Subject: Undelivered Mail Returned to Sender',
        'Message-ID: <bounce-1@mx.example.com>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/plain',
        '',
        'Delivery failed.',
        '--b1',
        'Content-Type: message/delivery-status',
        '',
        'Action: failed',
        '--b1--',
        '',
      ].join('\r\n'),
    });
    expect(bounce.response).toMatch(/^250/);
    expect((await events(server, id)).length).toBe(before.events);
    expect(await statusOf(server, id)).toBe('waiting');
    expect((await server.database.db.selectFrom('mail_outbox').select('id').execute()).length).toBe(before.outbox);
    const kept = await server.database.db.selectFrom('inbound_mails').select('outcome').where('conversation_id', '=', id).execute();
    expect(kept.map((row) => row.outcome)).toEqual(['auto', 'auto']);
  });

  it('refuses unknown recipients, oversized and malformed mail with SMTP codes, storing nothing', async () => {
    const { mail } = await conversationWithReply('limits@example.com');
    const replyTo = mail.parsed.replyTo!.value[0]!.address!;
    const before = await inboundCount(server);
    const transport = toReceiver(server);
    await expect(
      transport.sendMail({ from: 'x@example.com', to: `support+${'0'.repeat(32)}@${DOMAIN}`, text: 'hi' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(transport.sendMail({ from: 'x@example.com', to: 'someone@elsewhere.example', text: 'hi' })).rejects.toMatchObject({
      responseCode: 550,
    });
    await expect(transport.sendMail({ from: 'limits@example.com', to: replyTo, text: 'x'.repeat(MAX_BYTES + 1000) })).rejects.toMatchObject(
      {
        responseCode: 552,
      },
    );
    await expect(
      transport.sendMail({ envelope: { from: 'limits@example.com', to: [replyTo] }, raw: 'this is not a mail at all' }),
    ).rejects.toMatchObject({
      responseCode: 550,
    });
    await expect(
      transport.sendMail({
        envelope: { from: 'limits@example.com', to: [replyTo] },
        raw: 'Subject: no sender\r\nMessage-ID: <ns@x>\r\n\r\nbody\r\n',
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
    expect(await inboundCount(server)).toBe(before);
  });

  it('tells a sender over the hourly limits to try later (450), per sender and per conversation', async () => {
    const { id, mail } = await conversationWithReply('busy@example.com');
    const replyTo = mail.parsed.replyTo!.value[0]!.address!;
    const now = new Date().toISOString();
    const earlier = (n: number, sender: string, conversationId: string | null) => ({
      id: `limit-${sender}-${n}-${Math.random()}`,
      dedupe_key: `test:${sender}:${n}:${Math.random()}`,
      received_at: now,
      sender,
      conversation_id: conversationId,
      outcome: 'answer',
      size: 1,
      raw: '',
    });
    await server.database.db
      .insertInto('inbound_mails')
      .values(Array.from({ length: 30 }, (_, n) => earlier(n, 'busy@example.com', null)))
      .execute();
    const before = (await events(server, id)).length;
    await expect(toReceiver(server).sendMail({ from: 'busy@example.com', to: replyTo, text: 'One more.' })).rejects.toMatchObject({
      responseCode: 450,
    });
    await server.database.db
      .insertInto('inbound_mails')
      .values(Array.from({ length: 60 }, (_, n) => earlier(n, `other${n}@example.com`, id)))
      .execute();
    await expect(toReceiver(server).sendMail({ from: 'fresh@example.com', to: replyTo, text: 'Me too.' })).rejects.toMatchObject({
      responseCode: 450,
    });
    expect((await events(server, id)).length).toBe(before);
  });

  it('keeps an answer that arrives while the database is held by a write lock', async () => {
    const { id, mail } = await conversationWithReply('slow@example.com');
    const replyTo = mail.parsed.replyTo!.value[0]!.address!;
    const release = await holdWriteLock(server, engine);
    const started = Date.now();
    const sending = toReceiver(server).sendMail({
      from: 'slow@example.com',
      to: replyTo,
      subject: 'Re: slow',
      text: 'Answer during a stall.',
    });
    await sleep(1500);
    await release();
    const info = await sending;
    expect(info.response).toMatch(/^250/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect((await events(server, id)).some((event) => event.kind === 'answer' && event.body === 'Answer during a stall.')).toBe(true);
  });

  it('stores an answer delivered to two instances once', async () => {
    const { id, mail } = await conversationWithReply('twice@example.com');
    const replyTo = mail.parsed.replyTo!.value[0]!.address!;
    const other = await startTestServer({ engine, seed: false, databaseUrl: server.config.DATABASE_URL, env: env(capture.port) });
    try {
      const raw = `From: twice@example.com\r\nTo: ${replyTo}\r\nSubject: Re: twice\r\nMessage-ID: <same-answer@example.com>\r\n\r\nOnly once, please.\r\n`;
      const results = await Promise.all(
        [server, other, server, other].map((target) =>
          toReceiver(target).sendMail({ envelope: { from: 'twice@example.com', to: [replyTo] }, raw }),
        ),
      );
      for (const result of results) expect(result.response).toMatch(/^250/);
      expect((await events(server, id)).filter((event) => event.kind === 'answer')).toHaveLength(1);
      expect(
        (
          await server.database.db
            .selectFrom('inbound_mails')
            .select('id')
            .where('dedupe_key', '=', 'mid:twice@example.com <same-answer@example.com>')
            .execute()
        ).length,
      ).toBe(1);
    } finally {
      await other.stop();
    }
  });

  it('authenticates the webhook by its secret and stores nothing without it', async () => {
    const before = await inboundCount(server);
    const raw = 'From: hook@example.com\r\nTo: support@northwind.test\r\nSubject: Hook\r\nMessage-ID: <hook@example.com>\r\n\r\nHello.\r\n';
    const post = (headers: Record<string, string>) =>
      new HttpClient(server.url).request<{ error?: { code: string } }>('POST', '/api/inbound-mail', {
        rawBody: raw,
        headers: { 'content-type': 'message/rfc822', ...headers },
        csrf: false,
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: 'Bearer wrong-secret-0123456789' })).status).toBe(401);
    expect((await post({ authorization: `Bearer ${SECRET}x` })).status).toBe(401);
    expect(await inboundCount(server)).toBe(before);
    expect((await post({ authorization: `Basic ${Buffer.from(`mailservice:${SECRET}`).toString('base64')}` })).status).toBe(202);
    expect((await post({ 'x-inbound-secret': SECRET })).body).toMatchObject({ outcome: 'duplicate' });
    expect(await inboundCount(server)).toBe(before + 1);
  });

  it('assigns a conversation (mailing the assignee), filters "assigned to me", and keeps ready-made replies', async () => {
    const id = await contactUs(server, 'assign@example.com');
    const staffList = await staff.call<{ staff: { id: string; email: string }[] }>('GET', '/api/admin/inbox/staff');
    expect(staffList.body.staff.map((member) => member.email)).toContain(admin.email);
    const assigned = await staff.call<InboxMessageDetail>('PUT', `/api/admin/inbox/${id}/assignee`, { assigneeId: admin.uid });
    expect(assigned.status).toBe(200);
    expect(assigned.body.message).toMatchObject({ assigneeId: admin.uid, assigneeEmail: admin.email });
    const told = await until(
      () => capture.mails.filter((m) => m.to.includes(admin.email)),
      (found) => found.length > 0,
    );
    expect(told[0]!.parsed.subject).toContain('Assigned to you');
    const mine = await admin.call<InboxPage>('GET', '/api/admin/inbox?assigned=me');
    expect(mine.body.messages.map((m) => m.id)).toEqual([id]);
    expect((await staff.call<InboxPage>('GET', '/api/admin/inbox?assigned=me')).body.messages).toEqual([]);
    expect((await staff.call('PUT', `/api/admin/inbox/${id}/assignee`, { assigneeId: 'nobody' })).status).toBe(400);

    const saved = await staff.call<SavedReply>('POST', '/api/admin/inbox/saved-replies', { title: 'Restart', body: 'Please restart it.' });
    expect(saved.status).toBe(201);
    expect((await staff.call('POST', '/api/admin/inbox/saved-replies', { title: '', body: 'x' })).status).toBe(400);
    const list = await admin.call<{ replies: SavedReply[] }>('GET', '/api/admin/inbox/saved-replies');
    expect(list.body.replies).toContainEqual({ id: saved.body.id, title: 'Restart', body: 'Please restart it.' });
  });

  it('answers anonymous 401 and customers 403 on the new staff routes', async () => {
    const id = await contactUs(server, 'guard@example.com');
    const user = await newPerson(server, [], 'plain');
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/inbox/staff'],
      ['GET', '/api/admin/inbox/saved-replies'],
      ['POST', '/api/admin/inbox/saved-replies', { title: 'x', body: 'y' }],
      ['PUT', `/api/admin/inbox/${id}/assignee`, { assigneeId: null }],
      ['GET', `/api/admin/inbox/${id}/attachments/none`],
      ['GET', `/api/admin/inbox/${id}/mails/none`],
      ['GET', '/api/admin/inbox?assigned=me'],
    ];
    for (const [method, path, body] of routes) {
      expect((await new HttpClient(server.url).request(method, path, body === undefined ? {} : { body })).status, path).toBe(401);
      expect((await user.call(method, path, body)).status, path).toBe(403);
    }
  });

  it('shows a verified customer their conversations and takes their answer into the same one', async () => {
    const customer = await newPerson(server, [], 'customer');
    expect((await customer.call('GET', '/api/support/conversations')).status).toBe(403);
    await server.database.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', customer.uid).execute();
    const { id } = await conversationWithReply(customer.email);
    const otherId = await contactUs(server, 'someone.else@example.com');
    const mine = await customer.call<CustomerConversations>('GET', '/api/support/conversations');
    expect(mine.status).toBe(200);
    expect(mine.body.conversations.map((c) => c.id)).toEqual([id]);
    expect(mine.body.conversations[0]!.messages.map((m) => [m.from, m.body])).toEqual([
      ['customer', 'My laptop shows a black screen.'],
      ['staff', expect.stringContaining('Please hold the power button')],
    ]);
    const answered = await customer.call<{ messages: { from: string; body: string }[] }>(
      'POST',
      `/api/support/conversations/${id}/answers`,
      {
        body: 'Holding it did not help.',
      },
    );
    expect(answered.status).toBe(201);
    expect(answered.body.messages.at(-1)).toMatchObject({ from: 'customer', body: 'Holding it did not help.' });
    expect(await statusOf(server, id)).toBe('open');
    const told = await until(
      () => capture.mails.filter((m) => m.to.includes('desk@northwind.test') && m.parsed.text?.includes('Holding it did not help.')),
      (found) => found.length > 0,
    );
    expect(told).toHaveLength(1);
    expect((await customer.call('POST', `/api/support/conversations/${otherId}/answers`, { body: 'Not mine.' })).status).toBe(404);
    expect((await customer.call('POST', `/api/support/conversations/${id}/answers`, { body: '' })).status).toBe(400);
    expect((await new HttpClient(server.url).request('GET', '/api/support/conversations')).status).toBe(401);
  });
});

/** Holds the database's write lock (another connection's open write transaction) until released. */
async function holdWriteLock(server: TestServer, engine: string): Promise<() => Promise<void>> {
  const url = server.config.DATABASE_URL;
  if (engine === 'sqlite') {
    // Through the driver the server itself uses on this Node.js (node:sqlite from 24).
    const file = url.replace(/^sqlite:/, '');
    const db = sqliteDriverFor(process.version) === 'node:sqlite' ? openNodeSqlite(file) : new BetterSqlite3(file);
    db.exec('BEGIN IMMEDIATE');
    db.exec("update settings set key = key where key = 'none'");
    return async () => {
      db.exec('COMMIT');
      db.close();
    };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE inbound_mails IN ACCESS EXCLUSIVE MODE');
  return async () => {
    await client.query('COMMIT');
    await client.end();
  };
}
