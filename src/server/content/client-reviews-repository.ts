import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { ClientReviewItem } from '../../common/site-data';

/** The site's reads of the client_reviews table. */
export function clientReviewsRepository(db: Kysely<Database>) {
  return {
    /** Client reviews in their display order. */
    async list(): Promise<ClientReviewItem[]> {
      const rows = await db
        .selectFrom('client_reviews')
        .select(['id', 'author', 'role', 'company', 'quote', 'rating'])
        .orderBy('position')
        .orderBy('id')
        .execute();
      // PostgreSQL's driver may hand integers back as strings in some setups; the contract is a number.
      return rows.map((row) => ({ ...row, rating: Number(row.rating) }));
    },
  };
}
