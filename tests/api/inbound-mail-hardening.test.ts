import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxMessageDetail } from '../../src/common/inbox-schemas';
import { partialRequest } from '../support/partial-request';
import { newPerson, type Person } from '../support/staff';
import { ENGINES, HttpClient, ONE_ENGINE, startTestServer, type TestServer } from '../support/test-server';

const DOMAIN = 'reply.test';
const SECRET = 'inbound-secret-0123456789';
/** Large enough for a mail of 2,000 nested MIME parts (about 140 KB). */
const MAX_BYTES = 1_000_000;
const env = {
  MAIL_FROM: 'Northwind Support <support@northwind.test>',
  INBOUND_SMTP_PORT: '0',
  INBOUND_SMTP_HOST: '127.0.0.1',
  INBOUND_MAIL_DOMAIN: DOMAIN,
  INBOUND_MAIL_SECRET: SECRET,
  INBOUND_MAIL_MAX_BYTES: String(MAX_BYTES),
  CONTACT_MIN_FILL_MS: '0',
  TRUST_PROXY: '1',
};

type Outcome = { outcome: string; conversationId: string | null; error?: { code: string; message: string } };

function postMail(server: TestServer, raw: string) {
  return new HttpClient(server.url).request<Outcome>('POST', '/api/inbound-mail', {
    rawBody: raw,
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
    csrf: false,
  });
}

const mime = (headers: string[], body: string) => `${headers.join('\r\n')}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`;

/** A mail whose MIME parts nest `depth` deep: past the parser's limit of 1,000 parts. */
function nestedMail(depth: number, from: string, to: string): string {
  const open = Array.from({ length: depth }, (_, i) => `--b${i}\r\nContent-Type: multipart/mixed; boundary="b${i + 1}"\r\n\r\n`).join('');
  const close = Array.from({ length: depth + 1 }, (_, i) => `--b${depth - i}--\r\n`).join('');
  return [
    `From: ${from}`,
    `To: ${to}`,
    'Subject: Deep',
    `Message-ID: <deep-${Math.random().toString(36).slice(2)}@example.com>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b0"',
    '',
    `${open}--b${depth}\r\nContent-Type: text/plain\r\n\r\nHello from the depths.\r\n${close}`,
  ].join('\r\n');
}

let address = 0;

/**
 * The inbound-mail webhook judges its caller and the declared size from the headers, in
 * onRequest, before Fastify reads a byte of the body: refusals come while the body is unsent.
 */
describe.each(ONE_ENGINE)('inbound-mail webhook answers before the body is read (%s)', (engine) => {
  let server: TestServer;
  let off: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine, env });
    off = await startTestServer({ engine, env: { ...env, INBOUND_MAIL_SECRET: '' } });
  });
  afterAll(async () => {
    await server?.destroy();
    await off?.destroy();
  });

  const declare = (target: TestServer, headers: Record<string, string>, contentLength: number, json = true) =>
    partialRequest(target, {
      method: 'POST',
      path: '/api/inbound-mail',
      headers: { 'Content-Type': json ? 'application/json' : 'message/rfc822', ...headers },
      contentLength,
      firstBytes: Buffer.from(json ? '{"raw":"From: a@example.com' : 'From: a@example.com\r\n'),
    });

  it('refuses anonymous and wrong-secret posts within the body limit with 401 while their bodies are unsent', async () => {
    // Within the JSON limit (twice the mail cap), so only the credential check can answer early.
    const declared = Math.floor(MAX_BYTES * 1.5);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        declare(server, i % 2 === 0 ? {} : { Authorization: 'Bearer wrong-secret-0123456789' }, declared, i % 4 < 2),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body.error?.code).toBe('unauthenticated');
    }
  });

  it('answers 404 before the body when the webhook is off (no secret configured)', async () => {
    const answer = await declare(off, { Authorization: `Bearer ${SECRET}` }, Math.floor(MAX_BYTES * 1.5));
    expect(answer.status).toBe(404);
    expect(answer.body.error?.code).toBe('not_found');
  });

  it('refuses a declared size over the route limit with 413 before the body, with the right secret', async () => {
    // A raw mail's limit is the mail cap itself; JSON carries it escaped, so twice the cap.
    const raw = await declare(server, { Authorization: `Bearer ${SECRET}` }, MAX_BYTES + 1, false);
    expect(raw.status).toBe(413);
    expect(raw.body.error?.code).toBe('payload_too_large');
    const json = await declare(server, { Authorization: `Bearer ${SECRET}` }, MAX_BYTES * 2 + 1);
    expect(json.status).toBe(413);
    expect(json.body.error?.code).toBe('payload_too_large');
  });
});

describe.each(ENGINES)('inbound mail: permanent refusals, threading proof and per-sender duplicates (%s)', (engine) => {
  let server: TestServer;
  let staff: Person;

  beforeAll(async () => {
    server = await startTestServer({ engine, env });
    staff = await newPerson(server, ['staff'], 'staff');
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const inboundCount = async () => (await server.database.db.selectFrom('inbound_mails').select('id').execute()).length;
  const answers = async (id: string) =>
    (
      await server.database.db
        .selectFrom('support_message_events')
        .select('body')
        .where('message_id', '=', id)
        .where('kind', '=', 'answer')
        .execute()
    ).map((event) => event.body);
  const toReceiver = () =>
    nodemailer.createTransport({ host: '127.0.0.1', port: server.app.inboundSmtpPort!, secure: false, ignoreTLS: true });

  /** A Contact Us conversation with one staff reply: its id, reply address, tag and the reply's Message-ID. */
  async function conversation(email: string) {
    const created = await new HttpClient(server.url).request<{ id: string }>('POST', '/api/support-messages', {
      body: { name: 'Casey Customer', email, subject: 'Laptop will not boot', message: 'My laptop shows a black screen.' },
      headers: { 'x-forwarded-for': `10.78.${Math.floor(++address / 250)}.${address % 250}` },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(
      (await staff.call<InboxMessageDetail>('POST', `/api/admin/inbox/${id}/replies`, { body: 'Hold the power button.' })).status,
    ).toBe(201);
    const row = await server.database.db
      .selectFrom('support_messages')
      .select('reply_token')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const reply = await server.database.db
      .selectFrom('support_message_events')
      .select('mail_message_id')
      .where('message_id', '=', id)
      .where('kind', '=', 'reply')
      .executeTakeFirstOrThrow();
    return { id, replyAddress: `support+${row.reply_token}@${DOMAIN}`, tag: `[#NW-${id.slice(0, 8)}]`, replyId: reply.mail_message_id! };
  }

  it('refuses a mail past the MIME parser limits for good: SMTP 554 5.6.0, webhook 400, nothing stored', async () => {
    const { id, replyAddress } = await conversation('deep@example.com');
    const before = await inboundCount();
    const raw = nestedMail(2000, 'deep@example.com', replyAddress);
    expect(raw.length).toBeLessThan(MAX_BYTES);
    await expect(toReceiver().sendMail({ envelope: { from: 'deep@example.com', to: [replyAddress] }, raw })).rejects.toMatchObject({
      responseCode: 554,
      response: expect.stringMatching(/^554 5\.6\.0 /),
    });
    const hook = await postMail(server, raw);
    expect(hook.status).toBe(400);
    expect(hook.body.error?.message).toMatch(/MIME parts/);
    expect(await inboundCount()).toBe(before);
    expect(await answers(id)).toEqual([]);
  });

  it('does not let a forged From with the subject tag join a conversation; the reply address or references still do', async () => {
    const { id, replyAddress, tag, replyId } = await conversation('victim@example.com');
    const from = 'From: Casey Customer <victim@example.com>';
    const forged = await postMail(
      server,
      mime([from, 'To: support@northwind.test', `Subject: Re: Laptop ${tag}`, 'Message-ID: <forged-1@evil.example>'], 'Send it to me.'),
    );
    expect(forged.status).toBe(202);
    expect(forged.body.outcome).toBe('new');
    expect(forged.body.conversationId).not.toBe(id);

    const byReference = await postMail(
      server,
      mime(
        [from, 'To: support@northwind.test', `Subject: Re: Laptop ${tag}`, 'Message-ID: <legit-1@example.com>', `In-Reply-To: ${replyId}`],
        'Via In-Reply-To.',
      ),
    );
    expect(byReference.body).toEqual({ outcome: 'answer', conversationId: id });
    const byRoot = await postMail(
      server,
      mime(
        [
          from,
          'To: support@northwind.test',
          'Subject: Re: Laptop',
          'Message-ID: <legit-2@example.com>',
          `References: <conversation-${id}@${DOMAIN}>`,
        ],
        'Via References.',
      ),
    );
    expect(byRoot.body).toEqual({ outcome: 'answer', conversationId: id });
    const info = await toReceiver().sendMail({
      envelope: { from: 'victim@example.com', to: [replyAddress] },
      raw: mime([from, `To: ${replyAddress}`, `Subject: Re: Laptop ${tag}`, 'Message-ID: <legit-3@example.com>'], 'Via the reply address.'),
    });
    expect(info.response).toMatch(/^250/);
    expect(await answers(id)).toEqual(['Via In-Reply-To.', 'Via References.', 'Via the reply address.']);
  });

  it('keeps Message-IDs apart per sender: another sender reusing one is stored, the same sender is a duplicate', async () => {
    const first = await conversation('owner@example.com');
    const answer = (from: string, messageId: string, text: string, inReplyTo: string) =>
      postMail(
        server,
        mime(
          [`From: ${from}`, 'To: support@northwind.test', 'Subject: Re: hi', `Message-ID: ${messageId}`, `In-Reply-To: ${inReplyTo}`],
          text,
        ),
      );

    // The customer first, then a stranger reusing the customer's Message-ID.
    expect((await answer('owner@example.com', '<shared-1@example.com>', 'Mine.', first.replyId)).body).toEqual({
      outcome: 'answer',
      conversationId: first.id,
    });
    const stranger = await answer('stranger@example.com', '<shared-1@example.com>', 'Not yours.', '<unknown@example.com>');
    expect(stranger.body.outcome).toBe('new');
    // The same sender again (any letter case) is the same mail.
    expect((await answer('Owner@Example.com', '<shared-1@example.com>', 'Mine.', first.replyId)).body.outcome).toBe('duplicate');

    // The other way round: a stranger claims the Message-ID first; the customer's answer still lands.
    const second = await conversation('owner2@example.com');
    expect((await answer('stranger@example.com', '<shared-2@example.com>', 'First!', '<unknown@example.com>')).body.outcome).toBe('new');
    expect((await answer('owner2@example.com', '<shared-2@example.com>', 'My real answer.', second.replyId)).body).toEqual({
      outcome: 'answer',
      conversationId: second.id,
    });
    expect(await answers(first.id)).toEqual(['Mine.']);
    expect(await answers(second.id)).toEqual(['My real answer.']);
  });

  it('threads by a customer’s own earlier Message-ID only for that customer, not for a stranger who reused it', async () => {
    const victim = await conversation('reused@example.com');
    const stranger = await conversation('reuser@example.com');
    const send = (from: string, to: string, messageId: string, inReplyTo: string, text: string) =>
      postMail(
        server,
        mime([`From: ${from}`, `To: ${to}`, 'Subject: Re: hi', `Message-ID: ${messageId}`, `In-Reply-To: ${inReplyTo}`], text),
      );
    expect((await send('reused@example.com', 'support@northwind.test', '<own-1@example.com>', victim.replyId, 'First.')).body).toEqual({
      outcome: 'answer',
      conversationId: victim.id,
    });
    // The stranger stores an answer in their own conversation under the customer's Message-ID.
    expect((await send('reuser@example.com', stranger.replyAddress, '<own-1@example.com>', '<x@example.com>', 'Copied id.')).body).toEqual({
      outcome: 'answer',
      conversationId: stranger.id,
    });
    // The customer follows up on their own mail: it still lands in their conversation.
    expect(
      (await send('reused@example.com', 'support@northwind.test', '<own-2@example.com>', '<own-1@example.com>', 'Second.')).body,
    ).toEqual({
      outcome: 'answer',
      conversationId: victim.id,
    });
    expect(await answers(victim.id)).toEqual(['First.', 'Second.']);
  });

  it('still treats a mail stored before per-sender keys as a duplicate of its own sender only', async () => {
    const { id, replyId } = await conversation('legacy@example.com');
    await server.database.db
      .insertInto('inbound_mails')
      .values({
        id: `legacy-${engine}`,
        dedupe_key: 'mid:<legacy-1@example.com>',
        received_at: new Date().toISOString(),
        sender: 'legacy@example.com',
        conversation_id: id,
        outcome: 'answer',
        size: 1,
        raw: '',
      })
      .execute();
    const again = (from: string) =>
      postMail(
        server,
        mime([`From: ${from}`, 'Subject: Re: hi', 'Message-ID: <legacy-1@example.com>', `In-Reply-To: ${replyId}`], 'Again.'),
      );
    expect((await again('legacy@example.com')).body.outcome).toBe('duplicate');
    expect((await again('someone.else@example.com')).body.outcome).toBe('answer');
  });
});
