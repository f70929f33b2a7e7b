import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database, MailOutboxRow } from '../platform/db/schema';

export interface OutboxMail {
  kind: 'inbox_notification' | 'inbox_reply' | 'inbox_assigned';
  recipient: string;
  subject: string;
  body: string;
  link: string;
  /** Help-desk replies: the headers and HTML part (see reply-mail.ts). */
  reply_to?: string | null;
  html?: string | null;
  message_id?: string | null;
  in_reply_to?: string | null;
  references_list?: string | null;
}

const EPOCH = new Date(0).toISOString();

/** All SQL of the mail outbox. `enqueue` takes the caller's transaction, so a mail is queued with the change it reports. */
export function outboxRepository(db: Kysely<Database>) {
  return {
    async enqueue(mail: OutboxMail, now = new Date().toISOString()): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('mail_outbox')
        .values({
          id,
          ...mail,
          created_at: now,
          next_attempt_at: now,
          claimed_until: EPOCH,
          claimed_by: null,
          sent_at: null,
          last_error: null,
        })
        .execute();
      return id;
    },

    /**
     * Takes up to `limit` due mails for `holder` until `untilIso`. One UPDATE ... RETURNING whose
     * condition is re-checked on each row it locks, so of several instances claiming at once
     * each row goes to exactly one (PostgreSQL re-reads a row changed by a concurrent claim;
     * SQLite runs one writer at a time). A row without a Message-ID gets `<ROW-ID@domain>` in
     * the same statement, before its first send, and keeps it for every retry: a copy resent
     * after a crash carries the same Message-ID, so the receiving server can drop it.
     */
    async claimDue(holder: string, nowIso: string, untilIso: string, limit: number, messageIdDomain: string): Promise<MailOutboxRow[]> {
      const due = db
        .selectFrom('mail_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', nowIso)
        .where('claimed_until', '<=', nowIso)
        .orderBy('next_attempt_at')
        .limit(limit);
      return db
        .updateTable('mail_outbox')
        .set((eb) => ({
          claimed_by: holder,
          claimed_until: untilIso,
          attempts: eb('attempts', '+', 1),
          message_id: sql<string>`coalesce(message_id, cast(${'<'} as text) || id || cast(${`@${messageIdDomain}>`} as text))`,
        }))
        .where('id', 'in', due)
        .where('sent_at', 'is', null)
        .where('claimed_until', '<=', nowIso)
        .returningAll()
        .execute();
    },

    /** `note`: what an operator should know about a send that succeeded (a late answer), else null. */
    async markSent(id: string, holder: string, nowIso: string, note: string | null = null): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: nowIso, last_error: note?.slice(0, 500) ?? null })
        .where('id', '=', id)
        .where('claimed_by', '=', holder)
        .execute();
    },

    /** Gives the row back, to be tried again at `nextIso`. */
    async markFailed(id: string, holder: string, error: string, nextIso: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ last_error: error.slice(0, 500), next_attempt_at: nextIso, claimed_until: EPOCH, claimed_by: null })
        .where('id', '=', id)
        .where('claimed_by', '=', holder)
        .execute();
    },

    /**
     * The server has the whole mail and has not answered yet: the holder keeps the row while it
     * waits (no other instance sends it again meanwhile), and the row says why it is not sent.
     */
    async holdForAnswer(id: string, holder: string, untilIso: string, note: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ claimed_until: untilIso, last_error: note.slice(0, 500) })
        .where('id', '=', id)
        .where('claimed_by', '=', holder)
        .where('sent_at', 'is', null)
        .execute();
    },

    async find(ids: readonly string[]): Promise<MailOutboxRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('mail_outbox').selectAll().where('id', 'in', ids).execute();
    },
  };
}

/** Where a queued mail is, for the message history. */
export function deliveryState(row: Pick<MailOutboxRow, 'sent_at' | 'last_error'>): 'queued' | 'retrying' | 'sent' {
  if (row.sent_at) return 'sent';
  return row.last_error ? 'retrying' : 'queued';
}
