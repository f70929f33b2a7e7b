import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { CoreValueItem } from '../../common/site-data';

/** The site's reads of the core_values table. */
export function coreValuesRepository(db: Kysely<Database>) {
  return {
    /** The company's core values in their display order. */
    async list(): Promise<CoreValueItem[]> {
      return db.selectFrom('core_values').select(['id', 'title', 'description', 'icon']).orderBy('position').orderBy('id').execute();
    },
  };
}
