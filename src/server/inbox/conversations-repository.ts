import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SupportMessageRow } from '../platform/db/schema';

export interface InboundMailRecord {
  dedupeKey: string;
  sender: string;
  conversationId: string | null;
  outcome: 'answer' | 'new' | 'auto' | 'spam';
  raw: Buffer;
  receivedAt: string;
}

export interface AttachmentRecord {
  messageId: string;
  eventId: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The help desk's SQL beside the inbox's: reply tokens, threading look-ups, inbound mails, attachments, ready-made replies. */
export function conversationsRepository(db: Kysely<Database>) {
  return {
    /** The conversation's reply token, made (128 random bits) the first time it is needed. */
    async ensureReplyToken(row: SupportMessageRow): Promise<string> {
      if (row.reply_token) return row.reply_token;
      const token = randomBytes(16).toString('hex');
      await db
        .updateTable('support_messages')
        .set({ reply_token: token })
        .where('id', '=', row.id)
        .where('reply_token', 'is', null)
        .execute();
      const stored = await db.selectFrom('support_messages').select('reply_token').where('id', '=', row.id).executeTakeFirstOrThrow();
      return stored.reply_token ?? token;
    },

    async findByToken(token: string): Promise<SupportMessageRow | undefined> {
      return db.selectFrom('support_messages').selectAll().where('reply_token', '=', token).executeTakeFirst();
    },

    /**
     * The conversation a mail of ours (a staff reply: its Message-ID is ours, unique) or of this
     * sender (their earlier answer) belongs to. Another sender's answer does not count: a
     * Message-ID is unique only within its sender, and anyone may reuse one.
     */
    async findByMailIds(messageIds: readonly string[], sender: string): Promise<string | null> {
      if (messageIds.length === 0) return null;
      const row = await db
        .selectFrom('support_message_events')
        .select('message_id')
        .where('mail_message_id', 'in', messageIds.slice(0, 50))
        .where((eb) =>
          eb.or([
            eb('kind', '=', 'reply'),
            eb.and([eb('kind', '=', 'answer'), eb(eb.fn<string>('lower', ['actor_email']), '=', sender.toLowerCase())]),
          ]),
        )
        .orderBy('at', 'desc')
        .executeTakeFirst();
      return row?.message_id ?? null;
    },

    /** The Message-IDs of the conversation's mails so far, oldest first. */
    async threadMailIds(id: string): Promise<string[]> {
      const rows = await db
        .selectFrom('support_message_events')
        .select('mail_message_id')
        .where('message_id', '=', id)
        .where('mail_message_id', 'is not', null)
        .orderBy('at')
        .execute();
      return rows.flatMap((row) => (row.mail_message_id ? [row.mail_message_id] : []));
    },

    /** The customer's latest words: the last answer, else the Contact Us message. */
    async lastCustomerText(row: SupportMessageRow): Promise<{ at: string; text: string }> {
      const answer = await db
        .selectFrom('support_message_events')
        .select(['at', 'body'])
        .where('message_id', '=', row.id)
        .where('kind', '=', 'answer')
        .orderBy('at', 'desc')
        .executeTakeFirst();
      return answer?.body ? { at: answer.at, text: answer.body } : { at: row.date, text: row.message };
    },

    /**
     * True when the mail is stored already: under its key, or under the key of before per-sender
     * keys (`legacy`: that key and the sender of its row), so a retry across the upgrade is still one mail.
     */
    async inboundExists(dedupeKey: string, legacy?: { key: string; sender: string }): Promise<boolean> {
      const row = await db
        .selectFrom('inbound_mails')
        .select('id')
        .where((eb) =>
          legacy
            ? eb.or([
                eb('dedupe_key', '=', dedupeKey),
                eb.and([eb('dedupe_key', '=', legacy.key), eb('sender', '=', legacy.sender.toLowerCase())]),
              ])
            : eb('dedupe_key', '=', dedupeKey),
        )
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Stores the whole mail; the unique dedupe key refuses a second copy (another receiver's). */
    async insertInbound(record: InboundMailRecord): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto('inbound_mails')
        .values({
          id,
          dedupe_key: record.dedupeKey,
          received_at: record.receivedAt,
          sender: record.sender.toLowerCase().slice(0, 320),
          conversation_id: record.conversationId,
          outcome: record.outcome,
          size: record.raw.length,
          raw: record.raw.toString('base64'),
        })
        .execute();
      return id;
    },

    /** How many mails came from the sender, or into the conversation, since `sinceIso`. */
    async countInbound(by: { sender: string } | { conversationId: string }, sinceIso: string): Promise<number> {
      let query = db
        .selectFrom('inbound_mails')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where('received_at', '>=', sinceIso);
      query = 'sender' in by ? query.where('sender', '=', by.sender.toLowerCase()) : query.where('conversation_id', '=', by.conversationId);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    async addAttachment(record: AttachmentRecord): Promise<void> {
      await db
        .insertInto('support_attachments')
        .values({
          id: randomUUID(),
          message_id: record.messageId,
          event_id: record.eventId,
          filename: record.filename.slice(0, 200),
          content_type: record.contentType.toLowerCase(),
          size: record.content.length,
          data: record.content.toString('base64'),
        })
        .execute();
    },

    /** A whole inbound mail of the conversation (base64), or undefined. */
    async inboundOf(conversationId: string, id: string) {
      return db
        .selectFrom('inbound_mails')
        .select(['id', 'raw'])
        .where('conversation_id', '=', conversationId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async attachmentsOf(messageId: string) {
      return db
        .selectFrom('support_attachments')
        .select(['id', 'event_id', 'filename', 'content_type', 'size'])
        .where('message_id', '=', messageId)
        .execute();
    },

    async attachment(messageId: string, id: string) {
      return db.selectFrom('support_attachments').selectAll().where('message_id', '=', messageId).where('id', '=', id).executeTakeFirst();
    },

    /** A customer's conversations (their verified email), newest first, spam left out. */
    async ofCustomer(emailLower: string, limit: number): Promise<SupportMessageRow[]> {
      return db
        .selectFrom('support_messages')
        .selectAll()
        .where('email_lower', '=', emailLower)
        .where('status', '<>', 'spam')
        .orderBy('date', 'desc')
        .limit(limit)
        .execute();
    },

    /** Enabled staff members (anyone with a console role), for the assignee choice. */
    async staffMembers(): Promise<{ id: string; email: string }[]> {
      return db
        .selectFrom('users as u')
        .where('u.disabled', '=', 0)
        .where((eb) => eb.exists(eb.selectFrom('user_roles as r').select('r.user_id').whereRef('r.user_id', '=', 'u.id')))
        .select(['u.id', 'u.email'])
        .orderBy('u.email')
        .limit(500)
        .execute();
    },
  };
}

/** Ready-made replies staff insert into the reply box. */
export function savedRepliesRepository(db: Kysely<Database>) {
  return {
    async list() {
      return db.selectFrom('support_saved_replies').select(['id', 'title', 'body']).orderBy('title').limit(200).execute();
    },
    async add(title: string, body: string, createdBy: string): Promise<{ id: string; title: string; body: string }> {
      const row = { id: randomUUID(), title, body, created_by: createdBy, created_at: new Date().toISOString() };
      await db.insertInto('support_saved_replies').values(row).execute();
      return { id: row.id, title, body };
    },
    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('support_saved_replies').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
