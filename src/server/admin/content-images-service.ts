import type { Kysely } from 'kysely';
import type { ImageKind } from '../../common/content-images';
import { currentItem, itemOfRow, presentItem } from './content-present';
import { CONTENT_KIND_MAPS } from './content-kinds';
import { contentRepository } from './content-repository';
import type { SaveResult } from './content-service';
import type { Actor } from './roles-service';
import { auditRepository } from '../platform/audit/repository';
import type { Database } from '../platform/db/schema';
import { isUniqueViolation } from '../identity/index';
import { notFound } from '../platform/lib/http-error';
import { imagesRepository, type ImageTable, type PreparedImage } from '../images/index';

/**
 * Sets or removes the picture of a service or team member: the picture, the item's new
 * version and the audit entry in one transaction, from the version the editor started from.
 */
export function imagesService(db: Kysely<Database>, kind: ImageKind) {
  const map = CONTENT_KIND_MAPS[kind];
  const table = map.table as ImageTable;

  async function setOnce(actor: Actor, itemId: string, version: number, image: PreparedImage | null): Promise<SaveResult> {
    return db.transaction().execute(async (trx) => {
      const content = contentRepository(trx, map);
      const images = imagesRepository(trx);
      const before = await content.find(itemId);
      if (!before) throw notFound('This item no longer exists: someone deleted it since you opened it.');
      // The id the picture is stored under: an existing one when the same variants are there.
      const imageId = image ? await images.save(image) : null;
      if (!(await images.setImageOf(table, itemId, version, imageId))) {
        return { ok: false, current: await currentItem(trx, kind, itemId) };
      }
      const oldImageId = before.image_id;
      if (typeof oldImageId === 'string' && oldImageId !== imageId) await images.deleteIfUnused(oldImageId);
      const after = itemOfRow(kind, (await content.find(itemId))!);
      await auditRepository(trx).record({
        actor,
        action: `${map.itemType}.${image ? 'image_set' : 'image_remove'}`,
        itemType: map.itemType,
        itemId,
        before: { imageId: oldImageId ?? null, version: before.version },
        after: { imageId: after.imageId, version: after.version },
      });
      return { ok: true, item: await presentItem(trx, kind, after) };
    });
  }

  return {
    async set(actor: Actor, itemId: string, version: number, image: PreparedImage | null): Promise<SaveResult> {
      // The same picture stored by two uploads at once: the loser finds it there and goes on.
      for (let attempt = 1; ; attempt++) {
        try {
          return await setOnce(actor, itemId, version, image);
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
    },
  };
}
