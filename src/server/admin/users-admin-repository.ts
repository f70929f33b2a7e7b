import { type Kysely, sql } from 'kysely';
import type { Database, UserRow } from '../platform/db/schema';

/** Searching users for the console: by the start of the email, in email order, keyset-paged. */
export function usersAdminRepository(db: Kysely<Database>) {
  return {
    async search(options: { emailPrefix?: string | undefined; after?: string | undefined; limit: number }): Promise<UserRow[]> {
      let query = db.selectFrom('users').selectAll();
      const prefix = options.emailPrefix;
      // substr rather than LIKE: the search text's % and _ are matched as themselves.
      if (prefix) query = query.where(sql<string>`substr(email, 1, ${prefix.length})`, '=', prefix);
      if (options.after) query = query.where('email', '>', options.after);
      return query.orderBy('email').limit(options.limit).execute();
    },
  };
}
