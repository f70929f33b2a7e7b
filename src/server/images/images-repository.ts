import type { Kysely } from 'kysely';
import type { ContentImage } from '../../common/content-images';
import type { Database } from '../db/schema';
import type { PreparedImage } from './image-processing';
import { variantUrl } from './image-rules';

/** The tables that refer to pictures. */
const REFERRING_TABLES = ['services', 'team_members'] as const;
export type ImageTable = (typeof REFERRING_TABLES)[number];

/** All SQL for pictures and their variants (migration 0070). */
export function imagesRepository(db: Kysely<Database>) {
  return {
    /** Stores a picture unless it is there already (same bytes, same id). */
    async save(image: PreparedImage, now = new Date().toISOString()): Promise<void> {
      const existing = await db.selectFrom('content_images').select('id').where('id', '=', image.id).executeTakeFirst();
      if (existing) return;
      await db.insertInto('content_images').values({ id: image.id, width: image.width, height: image.height, created_at: now }).execute();
      for (const variant of image.variants) {
        await db
          .insertInto('content_image_variants')
          .values({
            hash: variant.hash,
            image_id: image.id,
            width: variant.width,
            height: variant.height,
            byte_size: variant.data.length,
            data: variant.data.toString('base64'),
          })
          .execute();
      }
    },

    /** The pictures of these ids, as the site and the console describe them. */
    async describe(ids: readonly (string | null | undefined)[]): Promise<Map<string, ContentImage>> {
      const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
      const result = new Map<string, ContentImage>();
      if (wanted.length === 0) return result;
      const images = await db.selectFrom('content_images').selectAll().where('id', 'in', wanted).execute();
      const variants = await db
        .selectFrom('content_image_variants')
        .select(['hash', 'image_id', 'width', 'height'])
        .where('image_id', 'in', wanted)
        .orderBy('width')
        .execute();
      for (const image of images) {
        result.set(image.id, {
          id: image.id,
          width: Number(image.width),
          height: Number(image.height),
          variants: variants
            .filter((variant) => variant.image_id === image.id)
            .map((variant) => ({ url: variantUrl(variant.hash), width: Number(variant.width), height: Number(variant.height) })),
        });
      }
      return result;
    },

    async variant(hash: string): Promise<{ data: Buffer; byteSize: number } | undefined> {
      const row = await db.selectFrom('content_image_variants').select(['data', 'byte_size']).where('hash', '=', hash).executeTakeFirst();
      return row ? { data: Buffer.from(row.data, 'base64'), byteSize: Number(row.byte_size) } : undefined;
    },

    async imageIdOf(table: ImageTable, itemId: string): Promise<string | null | undefined> {
      const row = await db.selectFrom(table).select('image_id').where('id', '=', itemId).executeTakeFirst();
      return row ? row.image_id : undefined;
    },

    /** Sets an item's picture and raises its version; false when it was not at `version`. */
    async setImageOf(table: ImageTable, itemId: string, version: number, imageId: string | null): Promise<boolean> {
      const result = await db
        .updateTable(table)
        .set((eb) => ({ image_id: imageId, version: eb('version', '+', 1) }))
        .where('id', '=', itemId)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes a picture no item refers to any more (its variants go with it). */
    async deleteIfUnused(imageId: string): Promise<void> {
      for (const table of REFERRING_TABLES) {
        const user = await db.selectFrom(table).select('id').where('image_id', '=', imageId).executeTakeFirst();
        if (user) return;
      }
      await db.deleteFrom('content_image_variants').where('image_id', '=', imageId).execute();
      await db.deleteFrom('content_images').where('id', '=', imageId).execute();
    },
  };
}
