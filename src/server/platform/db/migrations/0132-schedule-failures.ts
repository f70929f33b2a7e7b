import type { Kysely } from 'kysely';

/**
 * A schedule that could not publish its draft stays, marked (`failed_at`, `failure`: why, in
 * words the console shows), instead of being tried again every check and stopping the others;
 * scheduling the draft again clears the mark (src/server/platform/publishing).
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_schedules').addColumn('failed_at', 'text').execute();
  await db.schema.alterTable('content_schedules').addColumn('failure', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('content_schedules').dropColumn('failure').execute();
  await db.schema.alterTable('content_schedules').dropColumn('failed_at').execute();
}
