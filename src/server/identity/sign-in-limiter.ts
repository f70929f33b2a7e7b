import type { Redis } from 'ioredis';

/**
 * Counts failures per key (an email, a client address) in a fixed window. Held in Redis when
 * there is one, so every server instance sees the same counts; in memory otherwise.
 */
export interface FailureCounter {
  /** Failures of `key` in the current window. */
  count(key: string): Promise<number>;
  /** Records a failure and returns the new count. */
  record(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export interface LimitRule {
  maxFailures: number;
  windowMs: number;
}

/** Per email: 10 failed sign-ins in 15 minutes. */
export const SIGN_IN_LIMIT: LimitRule = { maxFailures: 10, windowMs: 15 * 60_000 };
/**
 * Per client address: more room, because one office or mobile carrier address is shared by
 * many people who each mistype now and then; still far too few for guessing passwords.
 */
export const ADDRESS_LIMIT: LimitRule = { maxFailures: 50, windowMs: 15 * 60_000 };

/** Pure: whether a key with `failures` in its window may try again. */
export function isLimited(failures: number, rule: LimitRule): boolean {
  return failures >= rule.maxFailures;
}

export function memoryCounter(windowMs: number, now: () => number = Date.now): FailureCounter {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async record(key) {
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      // Keep the map from growing without bound under a spray of addresses.
      if (entries.size > 50_000) for (const [name] of entries) if (!live(name)) entries.delete(name);
      return entry.count;
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

export function redisCounter(redis: Redis, windowMs: number, prefix = 'nw:signin-failures:'): FailureCounter {
  return {
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async record(key) {
      const name = prefix + key;
      // INCR and the first PEXPIRE in one round trip; NX keeps the window fixed from the first failure.
      const results = await redis.multi().incr(name).pexpire(name, windowMs, 'NX').exec();
      return Number(results?.[0]?.[1] ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/** Failed sign-ins, limited per email and per client address. */
export function signInLimiter(counter: FailureCounter, rule: LimitRule = SIGN_IN_LIMIT, addressRule: LimitRule = ADDRESS_LIMIT) {
  const keys = (email: string, ip: string) => [`email:${email}`, `ip:${ip}`];
  return {
    rule,
    async isBlocked(email: string, ip: string): Promise<boolean> {
      const [byEmail, byAddress] = await Promise.all(keys(email, ip).map((key) => counter.count(key)));
      return isLimited(byEmail ?? 0, rule) || isLimited(byAddress ?? 0, addressRule);
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await Promise.all(keys(email, ip).map((key) => counter.record(key)));
    },
    /** A correct password clears the email's count; the address keeps its count. */
    async recordSuccess(email: string): Promise<void> {
      await counter.reset(`email:${email}`);
    },
  };
}

export type SignInLimiter = ReturnType<typeof signInLimiter>;
