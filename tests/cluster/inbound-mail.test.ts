import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InboxMessageDetail } from '../../src/common/inbox-schemas';
import type { Person } from '../support/staff';
import { HttpClient } from '../support/http-client';
import {
  callAt,
  contactUs,
  INBOUND_MAIL_DOMAIN,
  INBOUND_MAIL_SECRET,
  type Instance,
  newPerson,
  servedBy,
  stored,
  twoInstances,
} from './support/cluster';

/**
 * A customer's answer to a staff reply may reach any instance: every instance runs the SMTP
 * receiver and the webhook, a mail service may deliver to more than one, and each mail is
 * stored once under its sender and Message-ID (docs/help-desk.md).
 */

let first: Instance;
let second: Instance;
let staff: Person;

beforeAll(async () => {
  [first, second] = await twoInstances();
  staff = await newPerson(first.url, ['staff'], 'desk');
});

/** A conversation started through instance 1 with a staff reply; its reply address. */
async function conversationWithReply(): Promise<{ id: string; customer: string; replyTo: string }> {
  const customer = `customer.${randomBytes(4).toString('hex')}@example.com`;
  const { id } = await contactUs(first.url, customer);
  const reply = await callAt(first.url, staff, 'POST', `/api/admin/inbox/${id}/replies`, {
    body: 'Please hold the power button for 10 s.',
  });
  expect(reply.status).toBe(201);
  // The reply address is in the mail the customer gets; the reply's transaction stored it.
  const { reply_token: token } = await stored(({ db }) =>
    db.selectFrom('support_messages').select('reply_token').where('id', '=', id).executeTakeFirstOrThrow(),
  );
  expect(token).toMatch(/^[0-9a-f]{32}$/);
  return { id, customer, replyTo: `support+${token}@${INBOUND_MAIL_DOMAIN}` };
}

const answer = (customer: string, replyTo: string, messageId: string, text: string) =>
  `From: Casey Customer <${customer}>\r\nTo: ${replyTo}\r\nSubject: Re: Laptop will not boot\r\nMessage-ID: ${messageId}\r\n` +
  `Content-Type: text/plain; charset=utf-8\r\n\r\n${text}\r\n`;

const byWebhook = (instance: Instance, raw: string) =>
  new HttpClient(instance.url).request<{ outcome: string; conversationId: string | null }>('POST', '/api/inbound-mail', {
    rawBody: raw,
    headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${INBOUND_MAIL_SECRET}` },
    csrf: false,
  });

/** As the customer's mail server would: straight to the instance's SMTP receiver. */
const bySmtp = (instance: Instance, from: string, to: string, raw: string) =>
  nodemailer
    .createTransport({ host: '127.0.0.1', port: instance.smtpPort, secure: false, ignoreTLS: true })
    .sendMail({ envelope: { from, to: [to] }, raw });

const answersIn = (detail: InboxMessageDetail) => detail.history.filter((event) => event.kind === 'answer');

describe('inbound mail on two instances', () => {
  it('an answer delivered to instance 2 shows in the conversation read from instance 1', async () => {
    const { id, customer, replyTo } = await conversationWithReply();
    const delivered = await byWebhook(
      second,
      answer(customer, replyTo, `<${randomBytes(8).toString('hex')}@example.com>`, 'It still will not boot.'),
    );
    expect(delivered.status).toBe(202);
    expect(servedBy(delivered)).toBe(second.name);
    expect(delivered.body).toEqual({ outcome: 'answer', conversationId: id });

    const read = await callAt<InboxMessageDetail>(first.url, staff, 'GET', `/api/admin/inbox/${id}`);
    expect(read.status).toBe(200);
    expect(servedBy(read)).toBe(first.name);
    expect(answersIn(read.body).map((event) => event.body)).toEqual(['It still will not boot.']);
    // The answer reopened the conversation the reply had left waiting for the customer.
    expect(read.body.message.status).toBe('open');
  });

  it('an answer delivered to both instances at once, by SMTP and by the webhook, is stored once', async () => {
    const { id, customer, replyTo } = await conversationWithReply();
    const messageId = `<${randomBytes(8).toString('hex')}@example.com>`;
    const raw = answer(customer, replyTo, messageId, 'Only once, please.');
    const [smtpFirst, smtpSecond, hookFirst, hookSecond] = await Promise.all([
      bySmtp(first, customer, replyTo, raw),
      bySmtp(second, customer, replyTo, raw),
      byWebhook(first, raw),
      byWebhook(second, raw),
    ]);
    // Every delivery is acknowledged, so no sender tries again; one of them stored the mail.
    for (const sent of [smtpFirst, smtpSecond]) expect(sent.response).toMatch(/^250/);
    for (const hook of [hookFirst, hookSecond]) {
      expect(hook.status).toBe(202);
      expect(['answer', 'duplicate']).toContain(hook.body.outcome);
    }

    const record = await stored(async ({ db }) => ({
      mails: await db
        .selectFrom('inbound_mails')
        .select('conversation_id')
        .where('dedupe_key', '=', `mid:${customer} ${messageId}`)
        .execute(),
      answers: await db
        .selectFrom('support_message_events')
        .select('body')
        .where('message_id', '=', id)
        .where('kind', '=', 'answer')
        .execute(),
    }));
    expect(record.mails).toEqual([{ conversation_id: id }]);
    expect(record.answers).toEqual([{ body: 'Only once, please.' }]);
    for (const instance of [first, second]) {
      const read = await callAt<InboxMessageDetail>(instance.url, staff, 'GET', `/api/admin/inbox/${id}`);
      expect(answersIn(read.body).map((event) => event.body)).toEqual(['Only once, please.']);
    }
  });
});
