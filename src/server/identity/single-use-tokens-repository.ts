import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../platform/db/schema';

/**
 * The tables of single-use tokens: mailed codes, provider sign-ins in progress, pending second
 * steps and first-administrator links. Each row is found by the hash of what the client holds,
 * is used at most once (`used_at`) and only before `expires_at`.
 */
export type SingleUseTokenTable = 'oob_codes' | 'idp_sessions' | 'mfa_sessions' | 'admin_setup_tokens';

/** The column each table is found by: the hash of the token the client holds. */
const KEY_COLUMN = {
  oob_codes: 'code_hash',
  idp_sessions: 'id',
  mfa_sessions: 'id',
  admin_setup_tokens: 'token_hash',
} as const satisfies { [T in SingleUseTokenTable]: keyof Database[T] };

/**
 * Kysely cannot type a query whose table is a type parameter, so the queries below are written
 * against this one shape, which every table above has (the key column named per table).
 */
type TokenTables = Record<string, { key: string; used_at: string | null; expires_at: string }>;

/** All SQL of one single-use-token table; the table-specific rest stays in its own repository. */
export function singleUseTokensRepository<T extends SingleUseTokenTable>(db: Kysely<Database>, table: T) {
  const tokens = db as unknown as Kysely<TokenTables>;
  const name: string = table;
  const key = KEY_COLUMN[table] as 'key';
  return {
    async insert(row: Insertable<Database[T]>): Promise<void> {
      await tokens
        .insertInto(name)
        .values(row as never)
        .execute();
    },

    async find(tokenHash: string): Promise<Selectable<Database[T]> | undefined> {
      const row = await tokens.selectFrom(name).selectAll().where(key, '=', tokenHash).executeTakeFirst();
      return row as Selectable<Database[T]> | undefined;
    },

    /** Whether the token can still be used (exists, unused, unexpired at `now`). */
    async isUsable(tokenHash: string, now: string): Promise<boolean> {
      const row = await tokens
        .selectFrom(name)
        .select(key)
        .where(key, '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Single use: true only for the one caller that marks it first, however many try at once (a
     * replayed token finds it used). With `unexpiredAt`, only a token still valid then is marked.
     */
    async markUsed(tokenHash: string, at: string, options: { unexpiredAt?: string } = {}): Promise<boolean> {
      let update = tokens.updateTable(name).set({ used_at: at }).where(key, '=', tokenHash).where('used_at', 'is', null);
      if (options.unexpiredAt !== undefined) update = update.where('expires_at', '>', options.unexpiredAt);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Housekeeping: tokens that expired before `before` can no longer be used or counted. */
    async deleteExpiredBefore(before: string): Promise<number> {
      const result = await tokens.deleteFrom(name).where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SingleUseTokensRepository<T extends SingleUseTokenTable> = ReturnType<typeof singleUseTokensRepository<T>>;
