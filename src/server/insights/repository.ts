import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../platform/db/schema';
import {
  applyCaps,
  cappedKeysOf,
  type PendingItem,
  rollupIncrements,
  type RollupIncrement,
  seenKey,
  seenScopes,
  type VitalIncrement,
} from './batch';
import { bucketOf, dayOf } from './rules';

/** Rows per INSERT: well under both engines' limits on bound parameters. */
const CHUNK = 400;

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** All SQL of Insights: the day's salt nonce, a batch's writes, the dashboard's reads and retention. */
export function insightsRepository(db: Kysely<Database>) {
  /** The distinct keys of `day` allowed so far plus those of `candidates` that still fit under `cap`. */
  async function allowKeys(
    trx: Kysely<Database>,
    day: string,
    dimension: string,
    candidates: Set<string>,
    cap: number,
  ): Promise<Set<string>> {
    const list = [...candidates];
    const known = new Set<string>();
    for (const part of chunks(list)) {
      const rows = await trx
        .selectFrom('insights_day_keys')
        .select('key')
        .where('day', '=', day)
        .where('dimension', '=', dimension)
        .where('key', 'in', part)
        .execute();
      for (const row of rows) known.add(row.key);
    }
    const fresh = list.filter((key) => !known.has(key));
    if (fresh.length === 0) return known;
    const { count } = await trx
      .selectFrom('insights_day_keys')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('day', '=', day)
      .where('dimension', '=', dimension)
      .executeTakeFirstOrThrow();
    const room = Math.max(0, cap - Number(count));
    const admitted = fresh.slice(0, room);
    for (const part of chunks(admitted))
      await trx
        .insertInto('insights_day_keys')
        .values(part.map((key) => ({ day, dimension, key })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    for (const key of admitted) known.add(key);
    return known;
  }

  /** Inserts the seen rows of a batch; answers the keys that were new (not counted before, by any instance). */
  async function markSeen(trx: Kysely<Database>, items: readonly PendingItem[]): Promise<Set<string>> {
    const rows = new Map<string, { day: string; scope: string; visitor: string }>();
    for (const item of items) {
      if (item.kind !== 'pageview' || item.visitor === null) continue;
      const day = dayOf(item.atMs);
      for (const scope of seenScopes(item)) rows.set(seenKey(day, scope, item.visitor), { day, scope, visitor: item.visitor });
    }
    const added = new Set<string>();
    for (const part of chunks([...rows.values()])) {
      const inserted = await trx
        .insertInto('insights_day_seen')
        .values(part)
        .onConflict((oc) => oc.doNothing())
        .returning(['day', 'scope', 'visitor'])
        .execute();
      for (const row of inserted) added.add(seenKey(row.day, row.scope, row.visitor));
    }
    return added;
  }

  async function addRollups(trx: Kysely<Database>, table: 'insights_hourly' | 'insights_daily', rows: RollupIncrement[]) {
    for (const part of chunks(rows))
      await trx
        .insertInto(table)
        .values(part)
        .onConflict((oc) =>
          oc.columns(['period', 'dimension', 'key']).doUpdateSet({
            pageviews: sql`${sql.ref(`${table}.pageviews`)} + excluded.pageviews`,
            visitors: sql`${sql.ref(`${table}.visitors`)} + excluded.visitors`,
          }),
        )
        .execute();
  }

  async function addVitals(trx: Kysely<Database>, table: 'insights_vitals_daily' | 'insights_vitals_monthly', rows: VitalIncrement[]) {
    for (const part of chunks(rows))
      await trx
        .insertInto(table)
        .values(part)
        .onConflict((oc) =>
          oc
            .columns(['period', 'path', 'device', 'metric', 'bucket'])
            .doUpdateSet({ count: sql`${sql.ref(`${table}.count`)} + excluded.count` }),
        )
        .execute();
  }

  return {
    /**
     * The random nonce of `day`, shared by every instance: half of the day's salt, whose other
     * half is the server's secret (salts.ts), so this table alone maps no hash back. The first
     * instance to ask creates it (one winner on both engines); earlier days' nonces are deleted
     * with their visitor sets, so no hash of an earlier day can be recomputed, secret or not.
     */
    async nonceFor(day: string): Promise<string> {
      const existing = await db.selectFrom('insights_day_nonces').select('nonce').where('day', '=', day).executeTakeFirst();
      if (existing) return existing.nonce;
      await db
        .insertInto('insights_day_nonces')
        .values({ day, nonce: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await this.forgetDaysBefore(day);
      const row = await db.selectFrom('insights_day_nonces').select('nonce').where('day', '=', day).executeTakeFirstOrThrow();
      return row.nonce;
    },

    /** Deletes the salt nonces and the visitor and key sets of the days before `day`. */
    async forgetDaysBefore(day: string): Promise<number> {
      const nonces = await db.deleteFrom('insights_day_nonces').where('day', '<', day).executeTakeFirst();
      const seen = await db.deleteFrom('insights_day_seen').where('day', '<', day).executeTakeFirst();
      const keys = await db.deleteFrom('insights_day_keys').where('day', '<', day).executeTakeFirst();
      return Number(nonces.numDeletedRows) + Number(seen.numDeletedRows) + Number(keys.numDeletedRows);
    },

    /**
     * Stores a batch in one transaction: the distinct-key caps, the raw rows, the visitors
     * seen, and the increments of the hourly and daily rollups and speed histograms. Increments
     * add to what other instances wrote, so several instances count into one database.
     */
    async writeBatch(items: readonly PendingItem[], keysPerDay: number): Promise<void> {
      if (items.length === 0) return;
      await db.transaction().execute(async (trx) => {
        const allowed = new Map<string, Set<string>>();
        for (const [id, candidates] of cappedKeysOf(items)) {
          const [day, dimension] = id.split('|') as [string, string];
          allowed.set(id, await allowKeys(trx, day, dimension, candidates, keysPerDay));
        }
        const capped = applyCaps(items, allowed);
        for (const part of chunks(capped))
          await trx
            .insertInto('insights_events')
            .values(
              part.map((item) => ({
                id: item.id,
                at: new Date(item.atMs).toISOString(),
                kind: item.kind,
                name: item.kind === 'pageview' ? 'pageview' : item.kind === 'vital' ? item.metric : item.name,
                path: item.path,
                referrer: item.kind === 'pageview' ? item.referrer : null,
                utm_source: item.kind === 'pageview' ? item.utmSource : null,
                utm_medium: item.kind === 'pageview' ? item.utmMedium : null,
                utm_campaign: item.kind === 'pageview' ? item.utmCampaign : null,
                device: item.kind === 'event' ? null : item.device,
                browser: item.kind === 'pageview' ? item.browser : null,
                os: item.kind === 'pageview' ? item.os : null,
                screen: item.kind === 'pageview' ? item.screen : null,
                visitor: item.kind === 'pageview' ? item.visitor : null,
                value: item.kind === 'vital' ? Math.round(item.value) : null,
              })),
            )
            .execute();
        const firstSeen = await markSeen(trx, capped);
        const increments = rollupIncrements(capped, firstSeen, bucketOf);
        await addRollups(trx, 'insights_hourly', increments.hourly);
        await addRollups(trx, 'insights_daily', increments.daily);
        await addVitals(trx, 'insights_vitals_daily', increments.vitals);
        await addVitals(trx, 'insights_vitals_monthly', increments.monthlyVitals);
      });
    },

    /** Summed rollups of every dimension over [from, to] (days, or hours when `hourly`). */
    async rollups(from: string, to: string, hourly = false) {
      const table = hourly ? 'insights_hourly' : 'insights_daily';
      return db
        .selectFrom(table)
        .select(['dimension', 'key'])
        .select((eb) => [eb.fn.sum<number | string>('pageviews').as('pageviews'), eb.fn.sum<number | string>('visitors').as('visitors')])
        .where('period', '>=', from)
        .where('period', '<=', to)
        .groupBy(['dimension', 'key'])
        .execute();
    },

    /** The total per period (day, or hour when `hourly`) over [from, to]. */
    async series(from: string, to: string, hourly = false) {
      const table = hourly ? 'insights_hourly' : 'insights_daily';
      return db
        .selectFrom(table)
        .select(['period', 'pageviews', 'visitors'])
        .where('dimension', '=', 'total')
        .where('period', '>=', from)
        .where('period', '<=', to)
        .orderBy('period')
        .execute();
    },

    /**
     * The speed histograms over [from, to] (days, or months 'YYYY-MM' when `monthly`), summed
     * per page, device, metric and bucket.
     */
    async vitals(from: string, to: string, monthly = false) {
      return db
        .selectFrom(monthly ? 'insights_vitals_monthly' : 'insights_vitals_daily')
        .select(['path', 'device', 'metric', 'bucket'])
        .select((eb) => eb.fn.sum<number | string>('count').as('count'))
        .where('period', '>=', from)
        .where('period', '<=', to)
        .groupBy(['path', 'device', 'metric', 'bucket'])
        .execute();
    },

    /** Distinct visitors and views since `sinceIso` (visitors right now), from the raw rows. */
    async recent(sinceIso: string): Promise<{ visitors: number; pageviews: number }> {
      const row = await db
        .selectFrom('insights_events')
        .select((eb) => [
          eb.fn.count<number | string>('visitor').distinct().as('visitors'),
          eb.fn.countAll<number | string>().as('pageviews'),
        ])
        .where('kind', '=', 'pageview')
        .where('at', '>=', sinceIso)
        .executeTakeFirstOrThrow();
      return { visitors: Number(row.visitors), pageviews: Number(row.pageviews) };
    },

    /** Retention: deletes the raw rows older than `beforeIso` (the rollups stay). */
    async deleteRawBefore(beforeIso: string): Promise<number> {
      const result = await db.deleteFrom('insights_events').where('at', '<', beforeIso).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type InsightsRepository = ReturnType<typeof insightsRepository>;
