import type { Kysely } from 'kysely';

/**
 * Publishing for every versioned collection (src/server/platform/publishing): at most one draft
 * per item, the revisions of what was published (kept after the item is deleted), and the
 * drafts due to be published at a set time. `collection` names the collection (`services`, ...),
 * so one set of tables serves every collection that opts in.
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_drafts')
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by_id', 'text')
    .addColumn('updated_by_email', 'text')
    .addPrimaryKeyConstraint('content_drafts_pk', ['collection', 'item_id'])
    .execute();

  await db.schema
    .createTable('content_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addUniqueConstraint('content_revisions_number_uq', ['collection', 'item_id', 'number'])
    .execute();

  await db.schema
    .createTable('content_schedules')
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addPrimaryKeyConstraint('content_schedules_pk', ['collection', 'item_id'])
    .execute();
  await db.schema.createIndex('content_schedules_due_idx').on('content_schedules').column('due_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_schedules').ifExists().execute();
  await db.schema.dropTable('content_revisions').ifExists().execute();
  await db.schema.dropTable('content_drafts').ifExists().execute();
}
