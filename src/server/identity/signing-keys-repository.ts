import type { Kysely, Selectable } from 'kysely';
import type { Database, SigningKeysTable } from '../platform/db/schema';

export type SigningKeyRow = Selectable<SigningKeysTable>;

/** All SQL for the signing_keys table and the signing_key_current row. */
export function signingKeysRepository(db: Kysely<Database>) {
  return {
    async all(): Promise<SigningKeyRow[]> {
      return db.selectFrom('signing_keys').selectAll().orderBy('created_at').orderBy('kid').execute();
    },

    async findByKid(kid: string): Promise<SigningKeyRow | undefined> {
      return db.selectFrom('signing_keys').selectAll().where('kid', '=', kid).executeTakeFirst();
    },

    async insert(row: SigningKeyRow): Promise<void> {
      await db.insertInto('signing_keys').values(row).execute();
    },

    async delete(kid: string): Promise<void> {
      await db.deleteFrom('signing_keys').where('kid', '=', kid).execute();
    },

    async updatePrivateJwk(kid: string, privateJwk: string): Promise<void> {
      await db.updateTable('signing_keys').set({ private_jwk: privateJwk }).where('kid', '=', kid).execute();
    },

    async currentKid(): Promise<string | undefined> {
      const row = await db.selectFrom('signing_key_current').select('kid').where('slot', '=', 1).executeTakeFirst();
      return row?.kid;
    },

    /** Names the first signing key unless one is named already; the primary key decides races. */
    async claimFirst(kid: string, at: string): Promise<void> {
      await db
        .insertInto('signing_key_current')
        .values({ slot: 1, kid, updated_at: at })
        .onConflict((oc) => oc.column('slot').doNothing())
        .execute();
    },

    /** Compare-and-set: `to` signs from now on, if `from` still did. True for the one caller that switched it. */
    async switchCurrent(from: string, to: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('signing_key_current')
        .set({ kid: to, updated_at: at })
        .where('slot', '=', 1)
        .where('kid', '=', from)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await db.updateTable('signing_keys').set({ retired_at: at }).where('kid', '=', from).execute();
      return true;
    },

    /** Keys retired before `before` verify no live token any more. */
    async deleteRetiredBefore(before: string): Promise<number> {
      const result = await db.deleteFrom('signing_keys').where('retired_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SigningKeysRepository = ReturnType<typeof signingKeysRepository>;
