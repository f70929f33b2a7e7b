import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ServiceItem } from '../../site/site-data';

/** The services the company offers (spec 3 Our_Services), in their display order. */
export async function listServices(db: Kysely<Database>): Promise<ServiceItem[]> {
  return db.selectFrom('services').select(['id', 'title', 'summary', 'description', 'icon']).orderBy('position').orderBy('id').execute();
}
