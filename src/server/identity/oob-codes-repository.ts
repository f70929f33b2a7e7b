import type { Kysely, Selectable } from 'kysely';
import type { Database, OobCodesTable } from '../platform/db/schema';
import { singleUseTokensRepository } from './single-use-tokens-repository';

export type OobCodeRow = Selectable<OobCodesTable>;
export type OobRequestType = 'PASSWORD_RESET' | 'EMAIL_SIGNIN' | 'VERIFY_EMAIL';

/** All SQL for the oob_codes table (out-of-band codes sent by mail). Only hashes are stored. */
export function oobCodesRepository(db: Kysely<Database>) {
  return {
    ...singleUseTokensRepository(db, 'oob_codes'),

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
