import { type Kysely, sql } from 'kysely';

/**
 * The whole data model. Written once for both engines: only portable column types
 * (text, integer) and constraints that SQLite and PostgreSQL both enforce.
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`length(email) between 3 and 254`),
    )
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('photo_url', 'text')
    .addColumn('email_verified', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`email_verified in (0, 1)`),
    )
    .addColumn('disabled', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`disabled in (0, 1)`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'text')
    .addColumn('valid_since', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('alg', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oob_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('request_type', 'text', (c) => c.notNull().check(sql`request_type in ('PASSWORD_RESET', 'EMAIL_SIGNIN', 'VERIFY_EMAIL')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('services')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 120`))
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('core_values')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 120`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('client_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull().unique())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('quote', 'text', (c) => c.notNull().check(sql`length(quote) between 1 and 2000`))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .execute();

  await db.schema
    .createTable('team_members')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`length(id) between 1 and 80`))
    .addColumn('position', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('skills', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('joined_year', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 100`))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`length(email) between 3 and 254`))
    .addColumn('subject', 'text', (c) => c.check(sql`subject is null or length(subject) <= 150`))
    .addColumn('message', 'text', (c) => c.notNull().check(sql`length(message) between 1 and 5000`))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .execute();
  await db.schema.createIndex('support_messages_date_idx').on('support_messages').column('date').execute();

  await db.schema
    .createTable('movies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`length(title) between 1 and 200`),
    )
    .addColumn('genres', 'text', (c) => c.notNull().check(sql`genres like '[%]' and genres <> '[]'`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('movies_created_at_idx').on('movies').column('created_at').execute();

  await db.schema
    .createTable('schedule_activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 200`))
    .addColumn('track', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull().check(sql`length(start_time) = 5`))
    .addColumn('end_time', 'text', (c) => c.notNull().check(sql`length(end_time) = 5 and end_time > start_time`))
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('speaker', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'schedule_activities',
    'movies',
    'support_messages',
    'team_members',
    'client_reviews',
    'core_values',
    'services',
    'oob_codes',
    'signing_keys',
    'refresh_tokens',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
