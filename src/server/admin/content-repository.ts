import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { ContentKindMap } from './content-kinds';

export interface ContentRow {
  id: string;
  position: number;
  version: number;
  [column: string]: unknown;
}

/**
 * All SQL for one kind of company content, for the console. The four tables share id,
 * position and version; their other columns come from the kind's map, so this generic code
 * cannot name them in Kysely's static types and works on an untyped view of the same database.
 */
export function contentRepository(database: Kysely<Database>, map: ContentKindMap) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: columns named at run time
  const db = database as unknown as Kysely<any>;
  const table = map.table;
  const normalise = (row: Record<string, unknown>): ContentRow =>
    ({ ...row, position: Number(row.position), version: Number(row.version) }) as ContentRow;

  return {
    async list(): Promise<ContentRow[]> {
      const rows = (await db.selectFrom(table).selectAll().orderBy('position').orderBy('id').execute()) as Record<string, unknown>[];
      return rows.map(normalise);
    },

    async find(id: string): Promise<ContentRow | undefined> {
      const row = (await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as Record<string, unknown> | undefined;
      return row ? normalise(row) : undefined;
    },

    /** At the end of the list, version 1. */
    async insert(id: string, columns: Record<string, unknown>): Promise<void> {
      const last = (await db
        .selectFrom(table)
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirst()) as { max: number | string | null } | undefined;
      await db
        .insertInto(table)
        .values({ ...columns, id, position: Number(last?.max ?? 0) + 1, version: 1 })
        .execute();
    },

    /** True when the row was at `version` and is now saved at the next one. */
    async update(id: string, version: number, columns: Record<string, unknown>): Promise<boolean> {
      const result = await db
        .updateTable(table)
        .set((eb) => ({ ...columns, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: string, version: number): Promise<boolean> {
      const result = await db.deleteFrom(table).where('id', '=', id).where('version', '=', version).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async setPosition(id: string, position: number): Promise<void> {
      await db.updateTable(table).set({ position }).where('id', '=', id).execute();
    },
  };
}
