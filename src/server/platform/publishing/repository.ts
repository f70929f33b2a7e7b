import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Fields } from './collection';

/** Revisions kept per item: the newest ones; older ones go when a new one is written. */
export const REVISIONS_KEPT = 50;

export type Actor = { id: string; email: string } | null;

export interface Draft {
  version: number;
  fields: Fields;
  updatedAt: string;
  updatedBy: string | null;
}

export interface Revision {
  number: number;
  action: string;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  fields: Fields;
}

export interface Schedule {
  itemId: string;
  dueAt: string;
  by: string | null;
  /** Set when the draft could not be published at its time: why, for the console. */
  failure: { at: string; reason: string } | null;
}

type ScheduleRow = Pick<Database['content_schedules'], 'item_id' | 'due_at' | 'actor_email' | 'failed_at' | 'failure'>;

const scheduleOf = (row: ScheduleRow): Schedule => ({
  itemId: row.item_id,
  dueAt: row.due_at,
  by: row.actor_email,
  failure: row.failed_at ? { at: row.failed_at, reason: row.failure ?? '' } : null,
});

const parse = (text: string): Fields => {
  const value: unknown = JSON.parse(text);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
};

/** All SQL of the publishing tables, for one collection. Pass a transaction as `db` to run inside it. */
export function publishingRepository(db: Kysely<Database>, collection: string) {
  return {
    async draft(itemId: string): Promise<Draft | null> {
      const row = await db
        .selectFrom('content_drafts')
        .selectAll()
        .where('collection', '=', collection)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      return row
        ? { version: Number(row.version), fields: parse(row.content_json), updatedAt: row.updated_at, updatedBy: row.updated_by_email }
        : null;
    },

    /** Items with a draft, when each was last saved, and what it holds (a list names a draft-only item by it). */
    async drafts(): Promise<{ itemId: string; version: number; updatedAt: string; fields: Fields }[]> {
      const rows = await db
        .selectFrom('content_drafts')
        .select(['item_id', 'version', 'updated_at', 'content_json'])
        .where('collection', '=', collection)
        .orderBy('item_id')
        .execute();
      return rows.map((row) => ({
        itemId: row.item_id,
        version: Number(row.version),
        updatedAt: row.updated_at,
        fields: parse(row.content_json),
      }));
    },

    /** A first draft: false when another one was written first (the key is taken). */
    async insertDraft(itemId: string, fields: Fields, actor: Actor, now: string): Promise<boolean> {
      const result = await db
        .insertInto('content_drafts')
        .values({
          collection,
          item_id: itemId,
          version: 1,
          content_json: JSON.stringify(fields),
          updated_at: now,
          updated_by_id: actor?.id ?? null,
          updated_by_email: actor?.email ?? null,
        })
        .onConflict((conflict) => conflict.columns(['collection', 'item_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** True when the draft was at `version` and now holds `fields` at the next one. */
    async updateDraft(itemId: string, version: number, fields: Fields, actor: Actor, now: string): Promise<boolean> {
      const result = await db
        .updateTable('content_drafts')
        .set((eb) => ({
          content_json: JSON.stringify(fields),
          version: eb('version', '+', 1),
          updated_at: now,
          updated_by_id: actor?.id ?? null,
          updated_by_email: actor?.email ?? null,
        }))
        .where('collection', '=', collection)
        .where('item_id', '=', itemId)
        .where('version', '=', version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** `version` undefined: whatever version it has. */
    async deleteDraft(itemId: string, version?: number): Promise<boolean> {
      let query = db.deleteFrom('content_drafts').where('collection', '=', collection).where('item_id', '=', itemId);
      if (version !== undefined) query = query.where('version', '=', version);
      return Number((await query.executeTakeFirst()).numDeletedRows) > 0;
    },

    async revisions(itemId: string): Promise<Revision[]> {
      const rows = await db
        .selectFrom('content_revisions')
        .selectAll()
        .where('collection', '=', collection)
        .where('item_id', '=', itemId)
        .orderBy('number', 'desc')
        .limit(REVISIONS_KEPT * 2)
        .execute();
      return rows.map((row) => ({
        number: Number(row.number),
        action: row.action,
        at: row.at,
        actorId: row.actor_id,
        actorEmail: row.actor_email,
        fields: parse(row.content_json),
      }));
    },

    async revision(itemId: string, number: number): Promise<Revision | null> {
      return (await this.revisions(itemId)).find((revision) => revision.number === number) ?? null;
    },

    /** Appends a revision and drops those beyond the newest REVISIONS_KEPT; returns its number. */
    async addRevision(itemId: string, action: string, fields: Fields, actor: Actor, now: string): Promise<number> {
      const last = await db
        .selectFrom('content_revisions')
        .select((eb) => eb.fn.max('number').as('max'))
        .where('collection', '=', collection)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      const number = Number(last?.max ?? 0) + 1;
      await db
        .insertInto('content_revisions')
        .values({
          id: randomUUID(),
          collection,
          item_id: itemId,
          number,
          action,
          at: now,
          actor_id: actor?.id ?? null,
          actor_email: actor?.email ?? null,
          content_json: JSON.stringify(fields),
        })
        .execute();
      await db
        .deleteFrom('content_revisions')
        .where('collection', '=', collection)
        .where('item_id', '=', itemId)
        .where('number', '<=', number - REVISIONS_KEPT)
        .execute();
      return number;
    },

    async hasRevisions(itemId: string): Promise<boolean> {
      const row = await db
        .selectFrom('content_revisions')
        .select('id')
        .where('collection', '=', collection)
        .where('item_id', '=', itemId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Items whose newest revision is their deletion: what an admin may bring back. */
    async deleted(): Promise<{ itemId: string; at: string; fields: Fields }[]> {
      const rows = await db
        .selectFrom('content_revisions as r')
        .selectAll('r')
        .where('r.collection', '=', collection)
        .where('r.action', '=', 'delete')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('content_revisions as later')
                .select('later.id')
                .whereRef('later.collection', '=', 'r.collection')
                .whereRef('later.item_id', '=', 'r.item_id')
                .whereRef('later.number', '>', 'r.number'),
            ),
          ),
        )
        .orderBy('r.at', 'desc')
        .limit(200)
        .execute();
      return rows.map((row) => ({ itemId: row.item_id, at: row.at, fields: parse(row.content_json) }));
    },

    async schedule(itemId: string): Promise<Schedule | null> {
      const row = await db
        .selectFrom('content_schedules')
        .selectAll()
        .where('collection', '=', collection)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      return row ? scheduleOf(row) : null;
    },

    async schedules(): Promise<Schedule[]> {
      const rows = await db.selectFrom('content_schedules').selectAll().where('collection', '=', collection).execute();
      return rows.map(scheduleOf);
    },

    async setSchedule(itemId: string, dueAt: string, actor: Actor, now: string): Promise<void> {
      await db
        .insertInto('content_schedules')
        .values({
          collection,
          item_id: itemId,
          due_at: dueAt,
          created_at: now,
          actor_id: actor?.id ?? null,
          actor_email: actor?.email ?? null,
          failed_at: null,
          failure: null,
        })
        // Scheduling again clears a failure: the new time is tried.
        .onConflict((conflict) =>
          conflict.columns(['collection', 'item_id']).doUpdateSet({
            due_at: dueAt,
            created_at: now,
            actor_id: actor?.id ?? null,
            actor_email: actor?.email ?? null,
            failed_at: null,
            failure: null,
          }),
        )
        .execute();
    },

    /**
     * Marks the schedule due at `dueAt` as failed, so it is not tried again; false when it moved,
     * went or was marked meanwhile (nothing to report).
     */
    async markScheduleFailed(itemId: string, dueAt: string, reason: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('content_schedules')
        .set({ failed_at: now, failure: reason })
        .where('collection', '=', collection)
        .where('item_id', '=', itemId)
        .where('due_at', '=', dueAt)
        .where('failed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** True when there was one to delete (`dueBy`: only when due by then, so two runs take it once). */
    async deleteSchedule(itemId: string, dueBy?: string): Promise<boolean> {
      let query = db.deleteFrom('content_schedules').where('collection', '=', collection).where('item_id', '=', itemId);
      if (dueBy !== undefined) query = query.where('due_at', '<=', dueBy).where('failed_at', 'is', null);
      return Number((await query.executeTakeFirst()).numDeletedRows) > 0;
    },

    /** Who set the item's schedule; null when it has none. */
    async scheduleActor(itemId: string): Promise<{ actor: Actor } | null> {
      const row = await db
        .selectFrom('content_schedules')
        .select(['actor_id', 'actor_email'])
        .where('collection', '=', collection)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      if (!row) return null;
      return { actor: row.actor_id && row.actor_email ? { id: row.actor_id, email: row.actor_email } : null };
    },
  };
}

/** Schedules of every collection due by `now` and not failed, oldest first. */
export async function dueSchedules(
  db: Kysely<Database>,
  now: string,
  limit = 100,
): Promise<{ collection: string; itemId: string; dueAt: string }[]> {
  const rows = await db
    .selectFrom('content_schedules')
    .select(['collection', 'item_id', 'due_at'])
    .where('due_at', '<=', now)
    .where('failed_at', 'is', null)
    .orderBy('due_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ collection: row.collection, itemId: row.item_id, dueAt: row.due_at }));
}
