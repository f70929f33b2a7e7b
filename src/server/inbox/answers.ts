import type { Transaction } from 'kysely';
import type { ChangeEvent } from '../changes/index';
import type { Database, SupportMessageRow } from '../platform/db/schema';
import { recordInboxChange, toInboxMessage } from './inbox-mappers';
import { inboxRepository, notificationPrefsRepository } from './messages-repository';
import { notificationRecipients } from './notify';
import { outboxRepository } from './outbox-repository';

export interface AnswerInput {
  body: string;
  quoted: string | null;
  /** Who wrote it: the From address of the mail, or the signed-in customer. */
  fromEmail: string;
  customerId: string | null;
  mailMessageId: string | null;
  inboundId: string | null;
  at: string;
}

/**
 * Stores a customer's answer in its conversation (locked by the caller): the answer, a closed or
 * waiting conversation reopened, the assignee (or the inbox's addresses and subscribed staff)
 * told by mail, and the live event. The same for answers by mail and from the Account page.
 */
export async function storeAnswer(
  trx: Transaction<Database>,
  conversation: SupportMessageRow,
  input: AnswerInput,
  options: { inboxEmails: readonly string[]; publicUrl: string },
): Promise<{ eventId: string; events: ChangeEvent[]; mailQueued: boolean }> {
  const repository = inboxRepository(trx);
  const event = await repository.addEvent({
    message_id: conversation.id,
    at: input.at,
    kind: 'answer',
    actor_id: input.customerId,
    actor_email: input.fromEmail,
    body: input.body,
    from_status: null,
    to_status: null,
    outbox_id: null,
    mail_message_id: input.mailMessageId,
    quoted: input.quoted,
    inbound_id: input.inboundId,
  });
  if (conversation.status === 'waiting' || conversation.status === 'closed') {
    await repository.setStatus(conversation.id, 'open');
    await repository.addEvent({
      message_id: conversation.id,
      at: input.at,
      kind: 'status',
      actor_id: null,
      actor_email: null,
      body: null,
      from_status: conversation.status,
      to_status: 'open',
      outbox_id: null,
    });
  }
  const recipients = conversation.assignee_email
    ? [conversation.assignee_email]
    : notificationRecipients(options.inboxEmails, await notificationPrefsRepository(trx).subscribedStaffEmails());
  const link = `${options.publicUrl}/admin/inbox/${encodeURIComponent(conversation.id)}`;
  const excerpt = input.body.length > 500 ? `${input.body.slice(0, 500)}…` : input.body;
  for (const recipient of recipients)
    await outboxRepository(trx).enqueue(
      {
        kind: 'inbox_notification',
        recipient,
        subject: `Answer from ${conversation.name}${conversation.subject ? `: ${conversation.subject}` : ''}`.slice(0, 200),
        body: `${conversation.name} <${input.fromEmail}> answered on ${input.at}:\n\n${excerpt}\n\nOpen the conversation: ${link}\n`,
        link,
      },
      input.at,
    );
  const after = (await repository.find(conversation.id))!;
  return { eventId: event.id, events: [await recordInboxChange(trx, 'update', toInboxMessage(after))], mailQueued: recipients.length > 0 };
}
