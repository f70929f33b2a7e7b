import { type Kysely, sql } from 'kysely';

/**
 * The Contact Us inbox: a status per message (with lower-cased copies for portable search),
 * the history of each message (replies, notes, status changes), staff notification choices,
 * and the mail outbox that a background worker sends from (notifications and replies).
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('support_messages')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .execute();
  await db.schema.alterTable('support_messages').addColumn('spam_reason', 'text').execute();
  await db.schema.alterTable('support_messages').addColumn('email_lower', 'text').execute();
  await db.schema.alterTable('support_messages').addColumn('search_text', 'text').execute();
  await sql`update support_messages set email_lower = lower(email),
    search_text = lower(name || ' ' || email || ' ' || coalesce(subject, '') || ' ' || message)`.execute(db);
  // The list is newest first, with or without a status filter; email search is by prefix.
  await db.schema.createIndex('support_messages_date_id_idx').on('support_messages').columns(['date', 'id']).execute();
  await db.schema.createIndex('support_messages_status_date_idx').on('support_messages').columns(['status', 'date', 'id']).execute();
  await db.schema.createIndex('support_messages_email_lower_idx').on('support_messages').columns(['email_lower', 'date']).execute();

  await db.schema
    .createTable('support_message_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('support_messages.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('body', 'text')
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('outbox_id', 'text')
    .execute();
  await db.schema.createIndex('support_message_events_message_idx').on('support_message_events').columns(['message_id', 'at']).execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['sent_at', 'next_attempt_at']).execute();

  await db.schema
    .createTable('staff_notification_prefs')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('notify_new_messages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_notification_prefs').ifExists().execute();
  await db.schema.dropTable('mail_outbox').ifExists().execute();
  await db.schema.dropTable('support_message_events').ifExists().execute();
  for (const index of ['support_messages_email_lower_idx', 'support_messages_status_date_idx', 'support_messages_date_id_idx'])
    await db.schema.dropIndex(index).ifExists().execute();
  for (const column of ['search_text', 'email_lower', 'spam_reason', 'status'])
    await db.schema.alterTable('support_messages').dropColumn(column).execute();
}
