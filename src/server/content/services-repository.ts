import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { imagesRepository } from '../images/index';
import type { ServiceItem } from '../../common/site-data';

/** The site's reads of the services table. */
export function servicesRepository(db: Kysely<Database>) {
  return {
    /** The services the company offers in their display order, with their pictures. */
    async list(): Promise<ServiceItem[]> {
      const rows = await db
        .selectFrom('services')
        .select(['id', 'title', 'summary', 'description', 'icon', 'image_id'])
        .orderBy('position')
        .orderBy('id')
        .execute();
      const images = await imagesRepository(db).describe(rows.map((row) => row.image_id));
      return rows.map(({ image_id, ...service }) => ({ ...service, image: image_id ? (images.get(image_id) ?? null) : null }));
    },
  };
}
