import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ContentChange } from '../cache/content-version';
import type { Database } from '../db/schema';

/** The fields of an item as its editor sees them: what a draft and a revision hold. */
export type Fields = Record<string, unknown>;

/**
 * A collection whose items are published through drafts, with revisions, previews and schedules
 * (docs/publishing.md). The collection keeps its own table of published items; the publishing
 * tables hold everything else. Define it once, at module level, with `defineVersionedCollection`.
 */
export interface VersionedCollection<T extends Fields = Fields> {
  /** Unique, address-friendly: `services`, `news`. Stored in the publishing tables. */
  name: string;
  /** The audit log's item type (`service`): actions are `<itemType>.publish` and so on. */
  itemType: string;
  /** What a draft may hold: checked on every save, with the form's field messages. */
  schema: z.ZodObject;
  /** The caches to drop on every instance after a publish (contentChanged). */
  topics: ContentChange[];
  /** The published fields of an item, or null when it is not published (new, or deleted). */
  readPublished(db: Kysely<Database>, id: string): Promise<T | null>;
  /**
   * Makes `fields` the published version, inserting the item when it is missing (a restore of a
   * deleted item). Runs inside the publishing transaction: write only through `db`.
   */
  writePublished(db: Kysely<Database>, id: string, fields: T): Promise<void>;
  /**
   * The published item's version counter, if the collection keeps one: a first draft then names
   * the version its editor opened (`baseVersion`), and is refused (409) when someone published
   * since, as a direct save would be.
   */
  publishedVersion?(db: Kysely<Database>, id: string): Promise<number | null>;
  /**
   * The address-friendly id a new item's first draft is kept under (`POST BASE/drafts`), made
   * from its fields; the server adds a short suffix when the id is taken. Without it, new items
   * come only from the collection's own routes (an article's editor names its id).
   */
  newItemId?(fields: T): string;
  /**
   * What only the server can check before fields go public, beyond `schema` (an author that
   * exists, pictures uploaded here): a 400 naming the field. Run at Publish, at Restore, and
   * when a schedule is set, so a draft that cannot be published is refused then.
   */
  checkPublishable?(db: Kysely<Database>, id: string, fields: T): Promise<void>;
  /** The console page of an item, for mails (default `/admin/content/<name>/<id>`). */
  consolePath?(id: string): string;
  /**
   * Bringing back an item that is no longer published (deleted) needs this role, in every path:
   * a draft saved under its id, Publish, a schedule, Restore. Default `admin`.
   */
  restoreDeletedRole?: 'staff' | 'admin';
}

const registry = new Map<string, VersionedCollection>();

/** Declares a versioned collection; the scheduled-publishing job finds it by name. */
export function defineVersionedCollection<T extends Fields>(collection: VersionedCollection<T>): VersionedCollection<T> {
  const known = registry.get(collection.name);
  if (known && known !== (collection as unknown as VersionedCollection))
    throw new Error(`Collection "${collection.name}" is defined twice.`);
  registry.set(collection.name, collection as unknown as VersionedCollection);
  return collection;
}

export function versionedCollection(name: string): VersionedCollection | undefined {
  return registry.get(name);
}
