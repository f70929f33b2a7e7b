import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SupportMessageRow } from '../platform/db/schema';
import { conversationsRepository } from './conversations-repository';
import { referencesOf, replyAddress, replyHtml, replySubjectWithTag, replyText, rootMessageId } from './mail-rules';
import type { OutboxMail } from './outbox-repository';

/**
 * A staff reply as an outbox row: to the conversation's customer only (nothing in a mail can add
 * recipients), Reply-To the conversation's reply address, a new Message-ID, In-Reply-To the
 * latest mail of the thread and References the thread, the customer's last words quoted below,
 * text and HTML. Pass the transaction that stores the reply.
 */
export async function replyMail(
  trx: Kysely<Database>,
  conversation: SupportMessageRow,
  body: string,
  options: { domain: string; publicUrl: string },
): Promise<{ outbox: OutboxMail; messageId: string }> {
  const repository = conversationsRepository(trx);
  const token = await repository.ensureReplyToken(conversation);
  const root = rootMessageId(conversation.id, options.domain);
  const thread = await repository.threadMailIds(conversation.id);
  const references = referencesOf(root, thread);
  const last = await repository.lastCustomerText(conversation);
  const quoted = { name: conversation.name, at: new Date(last.at).toUTCString(), text: last.text };
  const messageId = `<${randomUUID()}@${options.domain}>`;
  return {
    messageId,
    outbox: {
      kind: 'inbox_reply',
      recipient: conversation.email,
      subject: replySubjectWithTag(conversation.subject, conversation.id),
      body: replyText(body, quoted),
      html: replyHtml(body, quoted),
      link: `${options.publicUrl}/account`,
      reply_to: replyAddress(token, options.domain),
      message_id: messageId,
      in_reply_to: references.at(-1) ?? root,
      references_list: references.join(' '),
    },
  };
}
