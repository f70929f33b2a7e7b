import type { Kysely, Selectable } from 'kysely';
import type { Database, SigningKeysTable } from '../db/schema';

export type SigningKeyRow = Selectable<SigningKeysTable>;

/** All SQL for the signing_keys table. */
export function signingKeysRepository(db: Kysely<Database>) {
  return {
    async all(): Promise<SigningKeyRow[]> {
      // Oldest first: every instance that races to create the first key agrees on the same one.
      return db.selectFrom('signing_keys').selectAll().orderBy('created_at').orderBy('kid').execute();
    },

    async findByKid(kid: string): Promise<SigningKeyRow | undefined> {
      return db.selectFrom('signing_keys').selectAll().where('kid', '=', kid).executeTakeFirst();
    },

    async insert(row: SigningKeyRow): Promise<void> {
      await db.insertInto('signing_keys').values(row).execute();
    },
  };
}

export type SigningKeysRepository = ReturnType<typeof signingKeysRepository>;
