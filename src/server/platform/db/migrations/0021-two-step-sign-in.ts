import { type Kysely, sql } from 'kysely';

/** Two-step sign-in: TOTP factors, sign-ins and enrolments in progress, recovery codes. */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mfa_enrollments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // One authenticator per account.
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('display_name', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enrolled_at', 'text', (c) => c.notNull())
    /** The last time step whose code was accepted: each code works once. */
    .addColumn('last_used_step', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('mfa_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('enroll', 'sign_in')`))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addUniqueConstraint('mfa_recovery_codes_user_code_unique', ['user_id', 'code_hash'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mfa_recovery_codes').execute();
  await db.schema.dropTable('mfa_sessions').execute();
  await db.schema.dropTable('mfa_enrollments').execute();
}
