import { type Kysely, sql } from 'kysely';

/**
 * Which signing key signs: one row (slot 1) naming it, so instances that start at once against
 * an empty database agree on one key (the first insert wins, the primary key refuses the rest),
 * and a rotation is a compare-and-set on that row. Retired keys still verify until their tokens
 * have expired.
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signing_keys').addColumn('retired_at', 'text').execute();
  await db.schema
    .createTable('signing_key_current')
    .addColumn('slot', 'integer', (c) => c.primaryKey().check(sql`slot = 1`))
    .addColumn('kid', 'text', (c) => c.notNull().references('signing_keys.kid'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A database from before this migration: its oldest key is the one every instance signed with.
  const oldest = await db.selectFrom('signing_keys').select('kid').orderBy('created_at').orderBy('kid').limit(1).executeTakeFirst();
  if (oldest) {
    await db.insertInto('signing_key_current').values({ slot: 1, kid: oldest.kid, updated_at: new Date().toISOString() }).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signing_key_current').execute();
  await db.schema.alterTable('signing_keys').dropColumn('retired_at').execute();
}
