import type { Kysely } from 'kysely';
import type { Database, RefreshTokensTable } from '../platform/db/schema';
import type { Selectable } from 'kysely';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** All SQL for the refresh_tokens table. Only hashes of tokens are stored. */
export function refreshTokensRepository(db: Kysely<Database>) {
  return {
    async insert(row: RefreshTokenRow): Promise<void> {
      await db.insertInto('refresh_tokens').values(row).execute();
    },

    async findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /**
     * Marks a token used, only if nobody used it first: two racing refreshes with the same
     * token cannot both win. True when this caller won.
     */
    async markUsed(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** When the session (family) began: the creation time of its first token. */
    async familyStartedAt(familyId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('refresh_tokens')
        .select((eb) => eb.fn.min('created_at').as('started'))
        .where('family_id', '=', familyId)
        .executeTakeFirst();
      return (row?.started as string | null | undefined) ?? undefined;
    },

    /** True while the session has a token that was never revoked. */
    async isFamilyActive(userId: string, familyId: string): Promise<boolean> {
      const row = await db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('family_id', '=', familyId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async revokeFamily(familyId: string, at: string): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Ends every session of a user except `keepFamilyId` (password change). */
    async revokeAllForUser(userId: string, at: string, keepFamilyId?: string): Promise<void> {
      let query = db.updateTable('refresh_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (keepFamilyId) query = query.where('family_id', '<>', keepFamilyId);
      await query.execute();
    },

    /**
     * Housekeeping: drops whole sessions whose every token has expired. Never single rows: the
     * oldest row dates the sign-in (auth_time) and used rows detect reuse.
     */
    async deleteExpiredFamilies(now: string): Promise<number> {
      const stale = db
        .selectFrom('refresh_tokens')
        .select('family_id')
        .groupBy('family_id')
        .having((eb) => eb.fn.max('expires_at'), '<', now);
      const result = await db.deleteFrom('refresh_tokens').where('family_id', 'in', stale).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RefreshTokensRepository = ReturnType<typeof refreshTokensRepository>;
