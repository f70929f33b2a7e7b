import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ContentImage } from '../../common/content-images';
import type { Database } from '../platform/db/schema';
import type { PreparedImage } from './image-processing';
import { variantUrl } from './image-rules';

/** The tables that refer to pictures. */
const REFERRING_TABLES = ['services', 'team_members'] as const;
export type ImageTable = (typeof REFERRING_TABLES)[number];

/** All SQL for pictures and their variants (migration 0070). */
export function imagesRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores a picture unless it is there already, and answers the id it is stored under.
     *
     * The same variants are the same picture: an image with this id (named by its variants), or
     * one stored before ids were named so (by the uploaded bytes) whose variants are exactly
     * these, is reused. A variant's bytes that another picture already has (two pictures so
     * alike that one width comes out identical) are kept again under a key of their own, since a
     * variant row belongs to one picture: its address stays unique and immutable.
     */
    async save(image: PreparedImage, now = new Date().toISOString()): Promise<string> {
      const existing = await db.selectFrom('content_images').select('id').where('id', '=', image.id).executeTakeFirst();
      if (existing) return image.id;
      const hashes = image.variants.map((variant) => variant.hash);
      const stored = await db.selectFrom('content_image_variants').select(['hash', 'image_id']).where('hash', 'in', hashes).execute();
      const owners = new Set(stored.map((row) => row.image_id));
      if (stored.length === hashes.length && owners.size === 1) {
        const owner = stored[0]!.image_id;
        const all = await db.selectFrom('content_image_variants').select('hash').where('image_id', '=', owner).execute();
        if (all.length === hashes.length) return owner;
      }
      const taken = new Set(stored.map((row) => row.hash));
      await db.insertInto('content_images').values({ id: image.id, width: image.width, height: image.height, created_at: now }).execute();
      for (const variant of image.variants) {
        await db
          .insertInto('content_image_variants')
          .values({
            hash: taken.has(variant.hash) ? createHash('sha256').update(`${image.id}:${variant.hash}`).digest('hex') : variant.hash,
            image_id: image.id,
            width: variant.width,
            height: variant.height,
            byte_size: variant.data.length,
            data: variant.data.toString('base64'),
          })
          .execute();
      }
      return image.id;
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

    /** Keeps a picture uploaded for articles (deleteIfUnused leaves it). */
    async keepForArticles(imageId: string, now = new Date().toISOString()): Promise<void> {
      await db
        .insertInto('news_images')
        .values({ image_id: imageId, created_at: now })
        .onConflict((conflict) => conflict.column('image_id').doNothing())
        .execute();
    },

    /** Which of these variant hashes exist. */
    async existingVariants(hashes: readonly string[]): Promise<Set<string>> {
      if (hashes.length === 0) return new Set();
      const rows = await db
        .selectFrom('content_image_variants')
        .select('hash')
        .where('hash', 'in', [...new Set(hashes)])
        .execute();
      return new Set(rows.map((row) => row.hash));
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
      // Articles name their pictures inside their documents and revisions: those stay.
      const article = await db.selectFrom('news_images').select('image_id').where('image_id', '=', imageId).executeTakeFirst();
      if (article) return;
      for (const table of REFERRING_TABLES) {
        const user = await db.selectFrom(table).select('id').where('image_id', '=', imageId).executeTakeFirst();
        if (user) return;
      }
      await db.deleteFrom('content_image_variants').where('image_id', '=', imageId).execute();
      await db.deleteFrom('content_images').where('id', '=', imageId).execute();
    },
  };
}
