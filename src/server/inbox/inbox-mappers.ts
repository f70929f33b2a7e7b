import type { Transaction } from 'kysely';
import type { InboxEvent, InboxMessage, InboxStatus } from '../../common/inbox-schemas';
import { appendChange, type ChangeEvent } from '../changes/index';
import type { Database, SupportMessageEventRow, SupportMessageRow } from '../platform/db/schema';

export { replySubject } from './mail-rules';

/** Rows to the inbox's API shapes, and the small rules around them. */

export function toInboxMessage(row: SupportMessageRow): InboxMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    date: row.date,
    status: row.status as InboxStatus,
    spamReason: row.spam_reason,
    assigneeId: row.assignee_id ?? null,
    assigneeEmail: row.assignee_email ?? null,
  };
}

export function toEvent(
  row: SupportMessageEventRow,
  delivery: InboxEvent['delivery'],
  attachments: InboxEvent['attachments'] = [],
): InboxEvent {
  return {
    id: row.id,
    at: row.at,
    kind: row.kind,
    actorEmail: row.actor_email,
    body: row.body,
    quoted: row.quoted ?? null,
    mailId: row.inbound_id ?? null,
    attachments,
    fromStatus: row.from_status as InboxStatus | null,
    toStatus: row.to_status as InboxStatus | null,
    delivery,
  };
}

/** The inbox's live event for a changed message, written in the change's transaction. */
export const recordInboxChange = (trx: Transaction<Database>, kind: 'add' | 'update', message: InboxMessage): Promise<ChangeEvent> =>
  appendChange(trx, { topic: 'inbox', kind, key: message.id, data: message });
