import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface LeasesRepository {
  /**
   * Takes the lease `name` for `holder` until `untilMs` if nobody holds it at `nowMs`. One SQL
   * statement, so of several instances asking at once exactly one gets it, on both engines.
   */
  claim(name: string, holder: string, nowMs: number, untilMs: number): Promise<boolean>;
  /** Gives the lease up if `holder` has it (a stopping instance, so the next one need not wait). */
  release(name: string, holder: string): Promise<void>;
}

export function leasesRepository(db: Kysely<Database>): LeasesRepository {
  return {
    async claim(name, holder, nowMs, untilMs) {
      const now = new Date(nowMs).toISOString();
      const until = new Date(untilMs).toISOString();
      const result = await db
        .insertInto('job_leases')
        .values({ name, holder, expires_at: until })
        .onConflict((conflict) =>
          conflict.column('name').doUpdateSet({ holder, expires_at: until }).where('job_leases.expires_at', '<=', now),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async release(name, holder) {
      await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
    },
  };
}
