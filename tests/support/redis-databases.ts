import { Redis } from 'ioredis';

/** Logical Redis databases a run may use from its TEST_REDIS_DB_BASE: one per Vitest worker, four at most. */
export const REDIS_DATABASES_PER_RUN = 4;

/**
 * Vitest's global setup: when a run names its Redis databases (TEST_REDIS_DB_BASE, as CI's
 * passes do, each with a range of its own), they are emptied first. The product's rate-limit
 * counters have fixed key names, so counts left by an earlier run on the same machine within
 * the hour (sign-ups from 127.0.0.1, say) would otherwise meet this run's limits. Without
 * TEST_REDIS_DB_BASE nothing is emptied: database 0 may hold a developer's own data.
 */
export default async function setup(): Promise<void> {
  const base = process.env.TEST_REDIS_DB_BASE;
  const url = process.env.TEST_REDIS_URL;
  if (base === undefined || !url || new URL(url).pathname.length > 1) return;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5_000, commandTimeout: 5_000 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    for (let offset = 0; offset < REDIS_DATABASES_PER_RUN; offset++) {
      await redis.select((Number(base) + offset) % 16);
      await redis.flushdb();
    }
  } finally {
    redis.disconnect();
  }
}
