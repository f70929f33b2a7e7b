import { randomUUID } from 'node:crypto';
import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { InboxStatus } from '../../common/inbox-schemas';
import type { Database, SupportMessageEventRow, SupportMessageRow } from '../platform/db/schema';

export interface InboxFilter {
  q?: string | undefined;
  status?: InboxStatus | undefined;
  /** Only the conversations assigned to this staff member. */
  assigneeId?: string | undefined;
  /** Keyset paging: messages strictly older than this (date, id) pair. */
  before?: { at: string; id: string } | undefined;
  limit: number;
}

/** `%` and `_` in what staff type are matched as themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** All SQL of the inbox: the messages with their status, and each message's history. */
export function inboxRepository(db: Kysely<Database>) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return {
    /**
     * Newest first. Text with "@" is the start of an email address (an index range); other text
     * is a substring of the lower-cased name, email, subject and message. The scan stops at
     * the page size, so a common word costs little; a rare one reads the table once.
     */
    async list(filter: InboxFilter): Promise<SupportMessageRow[]> {
      let query = db.selectFrom('support_messages').selectAll();
      // Without a status, everything but the Spam folder.
      query = filter.status ? query.where('status', '=', filter.status) : query.where('status', '<>', 'spam');
      if (filter.assigneeId) query = query.where('assignee_id', '=', filter.assigneeId);
      const q = filter.q?.toLowerCase();
      if (q) {
        if (q.includes('@')) query = query.where('email_lower', '>=', q).where('email_lower', '<', `${q}\uffff`);
        // SQLite: the trigram index (migration 0081) answers LIKE for 3+ characters without
        // wildcards of its own; anything else reads the table. PostgreSQL's trigram index (when
        // installed) serves the plain LIKE below.
        else if (sqlite && q.length >= 3 && !/[\\%_]/.test(q))
          query = query.where('id', 'in', sql<string>`(select message_id from support_messages_fts where search_text like ${`%${q}%`})`);
        else query = query.where(sql<boolean>`search_text like ${`%${escapeLike(q)}%`} escape '\\'`);
      }
      const before = filter.before;
      if (before)
        query = query.where((eb) => eb.or([eb('date', '<', before.at), eb.and([eb('date', '=', before.at), eb('id', '<', before.id)])]));
      return query.orderBy('date', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
    },

    /** How many messages have the status (an index range on (status, date, id)). */
    async countWithStatus(status: InboxStatus): Promise<number> {
      const row = await db
        .selectFrom('support_messages')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where('status', '=', status)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async find(id: string): Promise<SupportMessageRow | undefined> {
      return db.selectFrom('support_messages').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The message, locked until the transaction ends (PostgreSQL; SQLite has one writer at a time). */
    async findForUpdate(id: string): Promise<SupportMessageRow | undefined> {
      const query = db.selectFrom('support_messages').selectAll().where('id', '=', id);
      return (sqlite ? query : query.forUpdate()).executeTakeFirst();
    },

    async setStatus(id: string, status: InboxStatus): Promise<void> {
      await db.updateTable('support_messages').set({ status }).where('id', '=', id).execute();
    },

    async setAssignee(id: string, assignee: { id: string; email: string } | null): Promise<void> {
      await db
        .updateTable('support_messages')
        .set({ assignee_id: assignee?.id ?? null, assignee_email: assignee?.email ?? null })
        .where('id', '=', id)
        .execute();
    },

    async history(id: string): Promise<SupportMessageEventRow[]> {
      return (
        db
          .selectFrom('support_message_events')
          .selectAll()
          .where('message_id', '=', id)
          .orderBy('at')
          // A reply and the status change it causes share their time: the reply reads first.
          .orderBy(sql`case when kind = 'status' then 1 else 0 end`)
          .orderBy('id')
          .execute()
      );
    },

    async addEvent(
      event: Omit<SupportMessageEventRow, 'id' | 'mail_message_id' | 'quoted' | 'inbound_id'> &
        Partial<Pick<SupportMessageEventRow, 'mail_message_id' | 'quoted' | 'inbound_id'>>,
    ): Promise<SupportMessageEventRow> {
      const row: SupportMessageEventRow = { id: randomUUID(), mail_message_id: null, quoted: null, inbound_id: null, ...event };
      await db.insertInto('support_message_events').values(row).execute();
      return row;
    },
  };
}

/** Staff choices about inbox mails, and who should hear about a new message. */
export function notificationPrefsRepository(db: Kysely<Database>) {
  return {
    async get(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('staff_notification_prefs')
        .select('notify_new_messages')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.notify_new_messages === 1;
    },
    async set(userId: string, notify: boolean, now = new Date().toISOString()): Promise<void> {
      const value = notify ? 1 : 0;
      await db
        .insertInto('staff_notification_prefs')
        .values({ user_id: userId, notify_new_messages: value, updated_at: now })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ notify_new_messages: value, updated_at: now }))
        .execute();
    },
    /** Emails of enabled staff and admins who switched notifications on. */
    async subscribedStaffEmails(): Promise<string[]> {
      const rows = await db
        .selectFrom('staff_notification_prefs as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .where('p.notify_new_messages', '=', 1)
        .where('u.disabled', '=', 0)
        .where((eb) => eb.exists(eb.selectFrom('user_roles as r').select('r.user_id').whereRef('r.user_id', '=', 'u.id')))
        .select('u.email')
        .execute();
      return rows.map((row) => row.email);
    },
  };
}
