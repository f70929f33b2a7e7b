import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

/** All SQL of console visits: when each staff member last opened a section (the movie list). */
export function consoleVisitsRepository(db: Kysely<Database>) {
  return {
    /** Records a visit at `now`; answers the previous one (null on the first). */
    async visit(userId: string, section: string, now: string): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const previous = await trx
          .selectFrom('console_visits')
          .select('visited_at')
          .where('user_id', '=', userId)
          .where('section', '=', section)
          .executeTakeFirst();
        await trx
          .insertInto('console_visits')
          .values({ user_id: userId, section, visited_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'section']).doUpdateSet({ visited_at: now }))
          .execute();
        return previous?.visited_at ?? null;
      });
    },
  };
}
