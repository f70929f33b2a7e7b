import type { Kysely } from 'kysely';

/**
 * The change log behind the live stream, and idempotent movie adds.
 *
 * `change_topics` holds one counter per topic: a writer bumps it inside its own transaction, so
 * the row lock orders writers and versions are gapless and commit in order on both engines.
 * `change_log` keeps the recent events of each topic for clients that reconnect.
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('change_topics')
    .addColumn('topic', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('change_log')
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('change_log_pk', ['topic', 'version'])
    .execute();

  await db.schema.alterTable('movies').addColumn('idempotency_key', 'text').execute();
  await db.schema.createIndex('movies_idempotency_key_idx').on('movies').column('idempotency_key').unique().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('movies_idempotency_key_idx').execute();
  await db.schema.alterTable('movies').dropColumn('idempotency_key').execute();
  await db.schema.dropTable('change_log').execute();
  await db.schema.dropTable('change_topics').execute();
}
