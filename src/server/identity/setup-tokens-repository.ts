import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** All SQL for the one-time first-administrator links (stored only as hashes). */
export function setupTokensRepository(db: Kysely<Database>) {
  return {
    async insert(tokenHash: string, now: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('admin_setup_tokens')
        .values({ token_hash: tokenHash, created_at: now, expires_at: expiresAt, used_at: null })
        .execute();
    },

    /** Whether the link can still be used (exists, unused, unexpired). */
    async isUsable(tokenHash: string, now: string): Promise<boolean> {
      const row = await db
        .selectFrom('admin_setup_tokens')
        .select('token_hash')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Marks the link used; true for exactly one caller, however many try at once. */
    async claim(tokenHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('admin_setup_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Links that can never be used again. */
    async deleteExpired(now: string): Promise<number> {
      const result = await db.deleteFrom('admin_setup_tokens').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
