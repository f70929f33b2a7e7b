import type { Kysely } from 'kysely';
import type { Database, IdpSessionRow } from '../../db/schema';

/** All SQL for the idp_sessions table. Rows are found by the hash of the handle the client holds. */
export function idpSessionsRepository(db: Kysely<Database>) {
  return {
    async insert(row: IdpSessionRow): Promise<void> {
      await db.insertInto('idp_sessions').values(row).execute();
    },

    async findById(id: string): Promise<IdpSessionRow | undefined> {
      return db.selectFrom('idp_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Single use: true only for the one caller that marks it first (a replayed state finds it used). */
    async markUsed(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('idp_sessions')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteExpiredBefore(before: string): Promise<number> {
      const result = await db.deleteFrom('idp_sessions').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type IdpSessionsRepository = ReturnType<typeof idpSessionsRepository>;
