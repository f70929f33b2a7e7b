import type { Kysely } from 'kysely';

/**
 * Insights' visitor salt leaves the database (docs/insights.md): a backup of the day held the
 * salt beside the hashes it made. What stays is a random nonce per day, half of a salt whose
 * other half is the server's secret (KEY_ENCRYPTION_SECRET); without the secret the salt lives in
 * Redis or in memory. The salts kept so far are deleted with their table.
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('insights_day_nonces')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('insights_salts').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('insights_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('insights_day_nonces').execute();
}
