import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type ContentKind } from '../../common/content-schemas';
import { auditRepository } from '../platform/audit/repository';
import type { Database } from '../platform/db/schema';
import { isUniqueViolation } from '../identity/index';
import { imagesRepository } from '../images/index';
import { conflict, notFound } from '../platform/lib/http-error';
import { itemIdTaken, recordDeletion, recordPublished } from '../platform/publishing/index';
import { CONTENT_COLLECTIONS } from './content-collections';
import { CONTENT_KIND_MAPS, slugFor } from './content-kinds';
import { type ContentItem, currentItem, itemOfRow, presentItem, presentItems } from './content-present';
import { type ContentRow, contentRepository } from './content-repository';
import type { Actor } from './roles-service';

export type { ContentItem };

/** Whether two versions of an item differ only in their version number. */
const sameFields = (a: ContentItem, b: ContentItem) => JSON.stringify({ ...a, version: 0 }) === JSON.stringify({ ...b, version: 0 });

/** A save that started from an older version: nothing was written; `current` is what is there now. */
export type SaveResult = { ok: true; item: ContentItem } | { ok: false; current: ContentItem | null };

/**
 * Edits of company content from the console: each write and its audit entry in one
 * transaction; saves and deletes name the version they started from (optimistic concurrency).
 */
export function contentService(db: Kysely<Database>, kind: ContentKind) {
  const map = CONTENT_KIND_MAPS[kind];
  const collection = CONTENT_COLLECTIONS[kind];
  // What a revision keeps: the editable fields (pictures are set on their own).
  const fieldsOf = (item: ContentItem) => {
    const { id: _id, position: _position, version: _version, imageId: _imageId, ...fields } = item;
    return fields;
  };
  const toItem = (row: ContentRow): ContentItem => itemOfRow(kind, row);
  const audit = (trx: Kysely<Database>, actor: Actor, action: string, id: string | null, before?: unknown, after?: unknown) =>
    auditRepository(trx).record({ actor, action: `${map.itemType}.${action}`, itemType: map.itemType, itemId: id, before, after });

  async function createOnce(actor: Actor, input: Record<string, unknown>): Promise<ContentItem> {
    return db.transaction().execute(async (trx) => {
      const repository = contentRepository(trx, map);
      let id = slugFor(String(input[map.idFrom] ?? ''));
      // Not the id of a published item, a first draft, a deleted item's history or an address word.
      if (await itemIdTaken(trx, collection, id)) id = `${id}-${randomBytes(3).toString('hex')}`;
      await repository.insert(id, map.toRow(input));
      const item = toItem((await repository.find(id))!);
      await audit(trx, actor, 'create', id, undefined, item);
      await recordPublished(trx, collection, id, 'publish', null, fieldsOf(item), actor, new Date().toISOString());
      return presentItem(trx, kind, item);
    });
  }

  return {
    async list(): Promise<ContentItem[]> {
      return presentItems(db, kind, (await contentRepository(db, map).list()).map(toItem));
    },

    async create(actor: Actor, input: Record<string, unknown>): Promise<ContentItem> {
      // Two creations at once may pick the same next position or id: the loser tries again.
      for (let attempt = 1; ; attempt++) {
        try {
          return await createOnce(actor, input);
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 5) throw error;
        }
      }
    },

    async update(actor: Actor, id: string, version: number, input: Record<string, unknown>): Promise<SaveResult> {
      return db.transaction().execute(async (trx) => {
        const repository = contentRepository(trx, map);
        const before = await repository.find(id);
        if (!before) throw notFound(`This item no longer exists: someone deleted it since you opened it.`);
        if (!(await repository.update(id, version, map.toRow(input)))) return { ok: false, current: await currentItem(trx, kind, id) };
        const item = toItem((await repository.find(id))!);
        // A save that changed nothing is answered as any save, but is not a change to record.
        if (!sameFields(toItem(before), item)) {
          await audit(trx, actor, 'update', id, toItem(before), item);
          // A direct save publishes: it is a revision like any other.
          await recordPublished(trx, collection, id, 'publish', fieldsOf(toItem(before)), fieldsOf(item), actor, new Date().toISOString());
        }
        return { ok: true, item: await presentItem(trx, kind, item) };
      });
    },

    async remove(actor: Actor, id: string, version: number): Promise<SaveResult> {
      return db.transaction().execute(async (trx) => {
        const repository = contentRepository(trx, map);
        const before = await repository.find(id);
        if (!before) throw notFound(`This item no longer exists: someone deleted it already.`);
        if (!(await repository.delete(id, version))) return { ok: false, current: await currentItem(trx, kind, id) };
        const removed = toItem(before);
        await audit(trx, actor, 'delete', id, removed, undefined);
        // Its history stays, so an administrator can bring it back.
        await recordDeletion(trx, collection, id, fieldsOf(removed), actor);
        // A picture no other item shows goes with the item.
        if (typeof removed.imageId === 'string') await imagesRepository(trx).deleteIfUnused(removed.imageId);
        return { ok: true, item: removed };
      });
    },

    /** `ids` must name every item exactly once: a list that changed meanwhile is refused. */
    async reorder(actor: Actor, ids: readonly string[]): Promise<ContentItem[]> {
      return db.transaction().execute(async (trx) => {
        const repository = contentRepository(trx, map);
        const rows = await repository.list();
        const current = rows.map((row) => row.id);
        const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
        if (!same) throw conflict('The list was changed by someone else since you opened it: reload it and order it again.');
        // Positions are unique: park every row on a negative one first, so no step collides.
        for (const [index, id] of ids.entries()) await repository.setPosition(id, -(index + 1));
        for (const [index, id] of ids.entries()) await repository.setPosition(id, index + 1);
        await audit(trx, actor, 'reorder', null, { order: current }, { order: ids });
        return presentItems(trx, kind, (await repository.list()).map(toItem));
      });
    },
  };
}
