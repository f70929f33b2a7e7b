import { hkdfSync, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { redisHealth } from '../platform/redis';

/**
 * Where the day's visitor salt comes from. Never the database: a backup holds the visitor hashes
 * of the day, and a salt beside them would let whoever holds the backup test every address.
 */
export interface DaySalts {
  /** The salt of `day` (YYYY-MM-DD), the same on every instance that shares the source. */
  of(day: string): Promise<string>;
  /** Whether a failure is the source being away (already logged once per outage): the view counts, the visitor cannot. */
  unavailable?(error: unknown): boolean;
}

const DAY_MS = 86_400_000;
/** A Redis salt outlives its day by this much, for instances whose clocks run a little behind. */
const GRACE_MS = 60 * 60_000;

/**
 * Pure: the salt of a day from the server's secret (KEY_ENCRYPTION_SECRET, never in the database)
 * and the day's random nonce (in the database, deleted when the day ends). The backup of a day
 * holds the nonce but not the secret; the secret without the nonce recomputes no earlier day.
 */
export function derivedSalt(secret: string, day: string, nonce: string): string {
  return Buffer.from(hkdfSync('sha256', secret, nonce, `northwind insights visitor salt v1 ${day}`, 32)).toString('base64url');
}

/** Every instance with the same secret and database derives the same salt, across restarts. */
export function secretSalts(secret: string, nonceFor: (day: string) => Promise<string>): DaySalts {
  return { of: async (day) => derivedSalt(secret, day, await nonceFor(day)) };
}

/**
 * The salt in Redis (shared by the instances of a cluster, kept across their restarts), set by
 * the first instance that asks and expiring by itself an hour after its day ends.
 */
export function redisSalts(redis: Redis, now: () => number, prefix = 'nw:insights:salt:'): DaySalts {
  const health = redisHealth(redis);
  return {
    unavailable: (error) => health.outage(error),
    async of(day) {
      const key = prefix + day;
      const ttlMs = Math.max(60_000, Date.parse(`${day}T00:00:00Z`) + DAY_MS + GRACE_MS - now());
      await redis.set(key, randomBytes(32).toString('base64url'), 'PX', ttlMs, 'NX');
      const value = await redis.get(key);
      // Only if the key expired between the two commands: the next beacon asks again.
      if (!value) throw new Error("Redis did not keep the day's Insights salt");
      return value;
    },
  };
}

/** The salt in this process only (one instance without Redis or a secret): a restart starts a new one. */
export function memorySalts(): DaySalts {
  let current: { day: string; value: string } | null = null;
  return {
    async of(day) {
      if (current?.day !== day) current = { day, value: randomBytes(32).toString('base64url') };
      return current.value;
    },
  };
}
