import type { Kysely, Selectable } from 'kysely';
import type { Database, OobCodesTable } from '../db/schema';

export type OobCodeRow = Selectable<OobCodesTable>;
export type OobRequestType = 'PASSWORD_RESET' | 'EMAIL_SIGNIN' | 'VERIFY_EMAIL';

/** All SQL for the oob_codes table (out-of-band codes sent by mail). Only hashes are stored. */
export function oobCodesRepository(db: Kysely<Database>) {
  return {
    async insert(row: OobCodeRow): Promise<void> {
      await db.insertInto('oob_codes').values(row).execute();
    },

    async findByHash(codeHash: string): Promise<OobCodeRow | undefined> {
      return db.selectFrom('oob_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
    },

    /** Single use: true only for the one caller that marks it first. */
    async markUsed(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('oob_codes')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Housekeeping: codes that expired before `before` can no longer be used or counted. */
    async deleteExpiredBefore(before: string): Promise<number> {
      const result = await db.deleteFrom('oob_codes').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** How many codes of a kind were sent to an address since an instant (send limit). */
    async countSince(email: string, requestType: OobRequestType, since: string): Promise<number> {
      const row = await db
        .selectFrom('oob_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', email)
        .where('request_type', '=', requestType)
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export type OobCodesRepository = ReturnType<typeof oobCodesRepository>;
