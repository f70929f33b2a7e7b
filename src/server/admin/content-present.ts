import type { Kysely } from 'kysely';
import { isImageKind } from '../../common/content-images';
import type { ContentKind } from '../../common/content-schemas';
import type { Database } from '../platform/db/schema';
import { imagesRepository } from '../images/index';
import { CONTENT_KIND_MAPS } from './content-kinds';
import { type ContentRow, contentRepository } from './content-repository';

export type ContentItem = Record<string, unknown> & { id: string; position: number; version: number };

/** A row as the audit log records it: its fields, and for pictures only the picture's id. */
export function itemOfRow(kind: ContentKind, row: ContentRow): ContentItem {
  return { id: row.id, position: row.position, version: row.version, ...CONTENT_KIND_MAPS[kind].fromRow(row) };
}

/** Items as the console receives them: a picture's id replaced by the picture (its variants). */
export async function presentItems(db: Kysely<Database>, kind: ContentKind, items: ContentItem[]): Promise<ContentItem[]> {
  if (!isImageKind(kind)) return items;
  const images = await imagesRepository(db).describe(items.map((item) => item.imageId as string | null));
  return items.map(({ imageId, ...item }) => ({ ...item, image: typeof imageId === 'string' ? (images.get(imageId) ?? null) : null }));
}

/**
 * The item as it is now, after a save that named an older version was refused: read again,
 * because the copy read before the save may predate the other save (it waited for its lock).
 */
export async function currentItem(db: Kysely<Database>, kind: ContentKind, id: string): Promise<ContentItem | null> {
  const row = await contentRepository(db, CONTENT_KIND_MAPS[kind]).find(id);
  return row ? presentItem(db, kind, itemOfRow(kind, row)) : null;
}

export async function presentItem(db: Kysely<Database>, kind: ContentKind, item: ContentItem): Promise<ContentItem> {
  return (await presentItems(db, kind, [item]))[0]!;
}
