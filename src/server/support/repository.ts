import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { SupportMessageCreated, SupportMessageValues } from '../../common/support-message';
import type { Database, SupportMessageRow } from '../platform/db/schema';

function toCreated(row: SupportMessageRow): SupportMessageCreated {
  return { id: row.id, name: row.name, email: row.email, subject: row.subject, message: row.message, date: row.date };
}

/**
 * What the inbox adds to storing a message: its spam verdict, and writes that belong to the
 * same transaction (the staff notifications, the live event). `stored` returns what to do
 * once the transaction has committed.
 */
export interface MessageIntake {
  spamReason: string | null;
  stored(trx: Transaction<Database>, message: SupportMessageCreated, status: 'new' | 'spam'): Promise<() => void>;
}

/** All SQL for the support_messages table as the Contact Us endpoints write it. */
export function supportMessagesRepository(db: Kysely<Database>) {
  async function findByIdempotencyKey(key: string): Promise<SupportMessageCreated | null> {
    const row = await db.selectFrom('support_messages').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    return row ? toCreated(row) : null;
  }

  /**
   * Stores a message with the server's date (the caller's fields plus date). Resolves
   * only after the insert has committed. Returns null when another request with the same
   * idempotency key won the race (the unique index refused this one); the caller then reads that one.
   */
  async function insert(
    values: SupportMessageValues,
    idempotencyKey: string | null,
    now: Date = new Date(),
    intake: MessageIntake | null = null,
  ): Promise<SupportMessageCreated | null> {
    const status = intake?.spamReason ? 'spam' : 'new';
    const row: SupportMessageRow = {
      id: randomUUID(),
      name: values.name,
      email: values.email,
      subject: values.subject,
      message: values.message,
      date: now.toISOString(),
      idempotency_key: idempotencyKey,
      status,
      spam_reason: intake?.spamReason ?? null,
      email_lower: values.email.toLowerCase(),
      search_text: [values.name, values.email, values.subject ?? '', values.message].join(' ').toLowerCase(),
      reply_token: null,
      assignee_id: null,
      assignee_email: null,
    };
    const created = toCreated(row);
    let afterCommit: (() => void) | null;
    try {
      afterCommit = await db.transaction().execute(async (trx) => {
        await trx.insertInto('support_messages').values(row).execute();
        return intake ? intake.stored(trx, created, status) : null;
      });
    } catch (error) {
      if (idempotencyKey && (await findByIdempotencyKey(idempotencyKey))) return null;
      throw error;
    }
    afterCommit?.();
    return created;
  }

  return { findByIdempotencyKey, insert };
}
