import { type Kysely, sql } from 'kysely';

/**
 * The help desk: a Contact Us message is a conversation with a reply address (its token), an
 * assignee and the messages exchanged (customer answers are events with the mail's Message-ID);
 * inbound mails are kept whole, once per Message-ID; attachments; ready-made replies; mail
 * headers of outgoing replies. "answered" becomes "waiting" (for the customer).
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('support_messages').addColumn('reply_token', 'text').execute();
  await db.schema.alterTable('support_messages').addColumn('assignee_id', 'text').execute();
  await db.schema.alterTable('support_messages').addColumn('assignee_email', 'text').execute();
  await db.schema.createIndex('support_messages_reply_token_idx').on('support_messages').column('reply_token').unique().execute();
  await db.schema.createIndex('support_messages_assignee_idx').on('support_messages').columns(['assignee_id', 'date']).execute();
  await sql`update support_messages set status = 'waiting' where status = 'answered'`.execute(db);

  // Outgoing replies and incoming answers carry their RFC 5322 Message-ID, for threading.
  await db.schema.alterTable('support_message_events').addColumn('mail_message_id', 'text').execute();
  await db.schema.alterTable('support_message_events').addColumn('quoted', 'text').execute();
  await db.schema.alterTable('support_message_events').addColumn('inbound_id', 'text').execute();
  await db.schema.createIndex('support_message_events_mail_id_idx').on('support_message_events').column('mail_message_id').execute();

  // Every mail accepted, whole; the unique key makes two receivers store one mail once.
  await db.schema
    .createTable('inbound_mails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inbound_mails_sender_idx').on('inbound_mails').columns(['sender', 'received_at']).execute();
  await db.schema.createIndex('inbound_mails_conversation_idx').on('inbound_mails').columns(['conversation_id', 'received_at']).execute();

  await db.schema
    .createTable('support_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('support_messages.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('support_attachments_event_idx').on('support_attachments').column('event_id').execute();

  await db.schema
    .createTable('support_saved_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  for (const column of ['reply_to', 'html', 'message_id', 'in_reply_to', 'references_list'])
    await db.schema.alterTable('mail_outbox').addColumn(column, 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['reply_to', 'html', 'message_id', 'in_reply_to', 'references_list'])
    await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
  await db.schema.dropTable('support_saved_replies').ifExists().execute();
  await db.schema.dropTable('support_attachments').ifExists().execute();
  await db.schema.dropTable('inbound_mails').ifExists().execute();
  await db.schema.dropIndex('support_message_events_mail_id_idx').ifExists().execute();
  for (const column of ['inbound_id', 'quoted', 'mail_message_id'])
    await db.schema.alterTable('support_message_events').dropColumn(column).execute();
  await sql`update support_messages set status = 'answered' where status = 'waiting'`.execute(db);
  for (const index of ['support_messages_assignee_idx', 'support_messages_reply_token_idx'])
    await db.schema.dropIndex(index).ifExists().execute();
  for (const column of ['assignee_email', 'assignee_id', 'reply_token'])
    await db.schema.alterTable('support_messages').dropColumn(column).execute();
}
