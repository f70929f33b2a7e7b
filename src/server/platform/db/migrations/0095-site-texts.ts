import type { Kysely } from 'kysely';

/**
 * The published site texts (src/server/site-texts): one row, its fields as JSON. Drafts,
 * revisions and schedules live in the publishing tables (0100). No row: the site's defaults.
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_texts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('fields_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_texts').ifExists().execute();
}
