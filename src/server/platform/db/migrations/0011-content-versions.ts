import type { Kysely } from 'kysely';

/**
 * A version per content item, raised by every save: a save that names an older version was
 * made from a stale copy and is refused (the console's "changed by someone else").
 */
const TABLES = ['services', 'core_values', 'client_reviews', 'team_members'] as const;

// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}
