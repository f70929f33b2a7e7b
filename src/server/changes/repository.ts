import { type Kysely, type Transaction, sql } from 'kysely';
import type { ChangeLogRow, Database } from '../platform/db/schema';
import type { ChangeEvent } from './protocol';

/** Events kept per topic for reconnecting clients; who missed more refetches the whole list. */
export const LOG_RETENTION = 500;

export interface NewChange {
  topic: string;
  kind: string;
  key: string;
  data?: unknown;
}

function toEvent(row: ChangeLogRow): ChangeEvent {
  return {
    topic: row.topic,
    version: Number(row.version),
    kind: row.kind,
    key: row.key,
    data: row.data === null ? null : (JSON.parse(row.data) as unknown),
  };
}

/**
 * Appends one event to a topic inside the caller's transaction, so the event exists exactly when
 * the change it describes does. The counter row's lock (an UPDATE) orders concurrent writers:
 * versions are gapless and become visible in order.
 */
export async function appendChange(trx: Transaction<Database>, change: NewChange, now: Date = new Date()): Promise<ChangeEvent> {
  const bumped = await trx
    .updateTable('change_topics')
    .set({ version: sql<number>`version + 1` })
    .where('topic', '=', change.topic)
    .returning('version')
    .executeTakeFirst();
  let version: number;
  if (bumped) version = Number(bumped.version);
  else {
    // A topic's first change: create its counter (a concurrent first writer's row is fine), then bump it.
    await trx
      .insertInto('change_topics')
      .values({ topic: change.topic, version: 0 })
      .onConflict((oc) => oc.column('topic').doNothing())
      .execute();
    const row = await trx
      .updateTable('change_topics')
      .set({ version: sql<number>`version + 1` })
      .where('topic', '=', change.topic)
      .returning('version')
      .executeTakeFirstOrThrow();
    version = Number(row.version);
  }
  const data = change.data === undefined ? null : JSON.stringify(change.data);
  await trx
    .insertInto('change_log')
    .values({ topic: change.topic, version, kind: change.kind, key: change.key, data, created_at: now.toISOString() })
    .execute();
  // Trim the log now and then rather than on every write.
  if (version % 50 === 0) {
    await trx
      .deleteFrom('change_log')
      .where('topic', '=', change.topic)
      .where('version', '<=', version - LOG_RETENTION)
      .execute();
  }
  return { topic: change.topic, version, kind: change.kind, key: change.key, data: change.data ?? null };
}

/**
 * A topic's current version (0 before its first change), for an answer that lists what the topic
 * versions. Read it before the list: the list is then at least as new as the version, and a stream
 * resuming from it replays nothing the list lacks (at worst a change the list already shows).
 */
export async function topicVersion(db: Kysely<Database>, topic: string): Promise<number> {
  return (await changeLogRepository(db).versions([topic])).get(topic) ?? 0;
}

export function changeLogRepository(db: Kysely<Database>) {
  return {
    /** The current version of each topic asked for (0 for a topic that never changed). */
    async versions(topics: readonly string[]): Promise<Map<string, number>> {
      const result = new Map<string, number>(topics.map((topic) => [topic, 0]));
      if (topics.length === 0) return result;
      const rows = await db
        .selectFrom('change_topics')
        .selectAll()
        .where('topic', 'in', [...topics])
        .execute();
      for (const row of rows) result.set(row.topic, Number(row.version));
      return result;
    },

    /** Events of a topic after a version, oldest first, at most `limit`. */
    async since(topic: string, version: number, limit: number): Promise<ChangeEvent[]> {
      const rows = await db
        .selectFrom('change_log')
        .selectAll()
        .where('topic', '=', topic)
        .where('version', '>', version)
        .orderBy('version')
        .limit(limit)
        .execute();
      return rows.map(toEvent);
    },

    /** The oldest version still in the log for a topic, or null when it holds none. */
    async oldest(topic: string): Promise<number | null> {
      const row = await db
        .selectFrom('change_log')
        .select((eb) => eb.fn.min('version').as('oldest'))
        .where('topic', '=', topic)
        .executeTakeFirst();
      return row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
    },

    /** Appends a change in a transaction of its own (writes that are not already in one). */
    record(change: NewChange): Promise<ChangeEvent> {
      return db.transaction().execute((trx) => appendChange(trx, change));
    },
  };
}
