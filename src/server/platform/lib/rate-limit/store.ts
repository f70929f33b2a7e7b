import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { redisHealth } from '../../redis';

/** One atomic step of a fixed-window counter: the count after this hit, and when the window ends. */
export interface Hit {
  count: number;
  resetAtMs: number;
}

/**
 * Where fixed-window counters live. `hit` increments and reads in one atomic step (never a
 * read, then a write), so a burst of simultaneous requests gets exactly the counts 1, 2, 3...
 */
export interface CounterStore {
  readonly kind: 'memory' | 'redis' | 'database';
  hit(key: string, windowMs: number, nowMs?: number): Promise<Hit>;
  /** Takes one back (an attempt that turned out not to count), never below zero. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** The current count, without counting. */
  peek(key: string, nowMs?: number): Promise<number>;
  /**
   * Whether a failure of this store is an outage its connection has already logged (Redis: once
   * per outage, src/server/platform/redis.ts), so the limit logs nothing for it.
   */
  outage?(error: unknown): boolean;
}

/** Counters in this process: atomic because JavaScript runs one step at a time. One instance only. */
export function memoryStore(maxKeys = 50_000): CounterStore {
  const entries = new Map<string, Hit>();
  const live = (key: string, nowMs: number) => {
    const entry = entries.get(key);
    if (entry && entry.resetAtMs <= nowMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    kind: 'memory',
    async hit(key, windowMs, nowMs = Date.now()) {
      const entry = live(key, nowMs) ?? { count: 0, resetAtMs: nowMs + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      // Keep the map from growing without bound under a spray of addresses.
      if (entries.size > maxKeys) for (const [name] of entries) if (!live(name, nowMs)) entries.delete(name);
      return { ...entry };
    },
    async release(key) {
      const entry = live(key, Date.now());
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      entries.delete(key);
    },
    async peek(key, nowMs = Date.now()) {
      return live(key, nowMs)?.count ?? 0;
    },
  };
}

// INCR, and the expiry on the first hit, in one script: Redis runs a script as one step.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;
const RELEASE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

/** Counters in Redis, shared by every instance that uses it. */
export function redisStore(redis: Redis, prefix = 'nw:rl:'): CounterStore {
  const health = redisHealth(redis);
  return {
    kind: 'redis',
    outage: (error) => health.outage(error),
    async hit(key, windowMs, nowMs = Date.now()) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
      return { count: Number(count), resetAtMs: nowMs + Number(ttl) };
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
  };
}

/**
 * Counters in the database (table rate_limit_counters), for deployments without Redis: shared by
 * every instance on one PostgreSQL, and one upsert statement per hit on both engines.
 */
export function databaseStore(db: Kysely<Database>): CounterStore {
  return {
    kind: 'database',
    async hit(key, windowMs, nowMs = Date.now()) {
      const resetAt = nowMs + windowMs;
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limit_counters.reset_at <= ${nowMs} then 1 else rate_limit_counters.count + 1 end`,
            reset_at: sql<number>`case when rate_limit_counters.reset_at <= ${nowMs} then ${resetAt} else rate_limit_counters.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAtMs: Number(row.reset_at) };
    },
    async release(key) {
      await db
        .updateTable('rate_limit_counters')
        .set({ count: sql<number>`count - 1` })
        .where('key', '=', key)
        .where('count', '>', 0)
        .execute();
    },
    async reset(key) {
      await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
    },
    async peek(key, nowMs = Date.now()) {
      const row = await db
        .selectFrom('rate_limit_counters')
        .select('count')
        .where('key', '=', key)
        .where('reset_at', '>', nowMs)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}

/** Housekeeping for the database store: windows that ended. */
export async function deleteEndedWindows(db: Kysely<Database>, nowMs = Date.now()): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('reset_at', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
