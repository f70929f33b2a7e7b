import { type Kysely, sql } from 'kysely';
import type { Engine } from '../platform/db/database';
import type { Database } from '../platform/db/schema';
import type { DayCount, LabelCount } from './series';

/**
 * Read-only aggregates over the movies, schedule_activities and support_messages tables for the
 * charts. Counting happens in the database; only the genre split needs engine-specific SQL,
 * because the genres are a JSON array in a text column and each engine unnests JSON its own way.
 */
export function statsRepository(db: Kysely<Database>, engine: Engine) {
  const toCounts = <T extends { count: number | string | bigint }>(rows: T[]) => rows.map((row) => ({ ...row, count: Number(row.count) }));

  return {
    async moviesPerGenre(): Promise<LabelCount[]> {
      const query =
        engine === 'postgres'
          ? sql<{ label: string; count: number | string }>`
              select g.value as label, count(*) as count
              from movies cross join lateral jsonb_array_elements_text(movies.genres::jsonb) as g(value)
              group by g.value`
          : sql<{ label: string; count: number | string }>`
              select g.value as label, count(*) as count
              from movies, json_each(movies.genres) as g
              group by g.value`;
      const { rows } = await query.execute(db);
      return toCounts(rows);
    },

    async movieCount(): Promise<number> {
      const row = await db.selectFrom('movies').select(db.fn.countAll().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async activitiesPerTrack(): Promise<LabelCount[]> {
      const rows = await db
        .selectFrom('schedule_activities')
        .select(['track as label', db.fn.countAll().as('count')])
        .groupBy('track')
        .execute();
      return toCounts(rows);
    },

    /** Rows per UTC day since `from` (YYYY-MM-DD); ISO timestamps start with their date. */
    async moviesAddedPerDay(from: string): Promise<DayCount[]> {
      const day = sql<string>`substr(created_at, 1, 10)`;
      const rows = await db
        .selectFrom('movies')
        .select([day.as('date'), db.fn.countAll().as('count')])
        .where('created_at', '>=', from)
        .groupBy(day)
        .execute();
      return toCounts(rows);
    },

    async supportMessagesPerDay(from: string): Promise<DayCount[]> {
      const day = sql<string>`substr(date, 1, 10)`;
      const rows = await db
        .selectFrom('support_messages')
        .select([day.as('date'), db.fn.countAll().as('count')])
        .where('date', '>=', from)
        .groupBy(day)
        .execute();
      return toCounts(rows);
    },
  };
}
