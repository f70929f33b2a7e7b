import type { Kysely } from 'kysely';

/**
 * Invitations of staff by email (each link single-use and expiring, stored only as a hash), and
 * each staff member's last visit of a console section (the movie list marks what is new since).
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    // A resend replaces the hash: the old link stops working.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text')
    .addColumn('invited_by_email', 'text')
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_user_id', 'text')
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema.createIndex('staff_invitations_email_idx').on('staff_invitations').column('email').execute();

  await db.schema
    .createTable('console_visits')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('visited_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('console_visits_pk', ['user_id', 'section'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('console_visits').ifExists().execute();
  await db.schema.dropTable('staff_invitations').ifExists().execute();
}
