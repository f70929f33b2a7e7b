import { CONTENT_INPUTS, CONTENT_KINDS, type ContentKind } from '../../common/content-schemas';
import { defineVersionedCollection, type Fields, type VersionedCollection } from '../platform/publishing/index';
import { CONTENT_KIND_MAPS, slugFor } from './content-kinds';
import { contentRepository } from './content-repository';

/** A published row's fields as the editor has them: pictures are set on their own, not drafted. */
const editable = ({ imageId: _imageId, ...fields }: Fields): Fields => fields;

/** The public page that shows an item of each kind, for previews. */
export const PREVIEW_PATHS: Record<ContentKind, (id: string) => string> = {
  services: () => '/',
  'core-values': () => '/about',
  'client-reviews': () => '/',
  'team-members': (id) => `/team/${encodeURIComponent(id)}`,
};

function contentCollection(kind: ContentKind): VersionedCollection {
  const map = CONTENT_KIND_MAPS[kind];
  return defineVersionedCollection({
    name: kind,
    itemType: map.itemType,
    schema: CONTENT_INPUTS[kind],
    topics: [kind],
    async readPublished(db, id) {
      const row = await contentRepository(db, map).find(id);
      return row ? editable(map.fromRow(row)) : null;
    },
    async publishedVersion(db, id) {
      return (await contentRepository(db, map).find(id))?.version ?? null;
    },
    async writePublished(db, id, fields) {
      const repository = contentRepository(db, map);
      const row = await repository.find(id);
      if (!row) return repository.insert(id, map.toRow(fields));
      await repository.update(id, row.version, map.toRow(fields));
    },
    // A new item's id appears in addresses (/team/:id): made from its name or title.
    newItemId: (fields) => slugFor(String(fields[map.idFrom] ?? '')),
    restoreDeletedRole: 'admin',
  });
}

/** The four lists of company content, each a versioned collection named after its kind. */
export const CONTENT_COLLECTIONS = Object.fromEntries(CONTENT_KINDS.map((kind) => [kind, contentCollection(kind)])) as Record<
  ContentKind,
  VersionedCollection
>;
