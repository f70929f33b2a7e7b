import type { FastifyBaseLogger } from 'fastify';
import type { CounterStore } from './store';

/**
 * One limit: at most `max` counted events per key in a fixed window of `windowMs`.
 * `whenUnavailable` says what happens when the store cannot answer (Redis down or hung):
 * 'open' lets the request through, 'closed' refuses it with RateLimitUnavailableError.
 */
export interface LimitRule {
  name: string;
  max: number;
  windowMs: number;
  whenUnavailable: 'open' | 'closed';
}

export interface Decision {
  allowed: boolean;
  /** The count after this event (0 when the store could not answer and the limit fails open). */
  count: number;
  /** Seconds until the window ends; what a Retry-After header should say. */
  retryAfterSeconds: number;
}

/** The counter store did not answer (in time): a closed limit cannot decide. */
export class RateLimitUnavailableError extends Error {
  override name = 'RateLimitUnavailableError';
  /** Seconds a client should wait before trying again. */
  readonly retryAfterSeconds = 30;
}

/** How long a limit waits for its store before treating it as unavailable. */
export const STORE_TIMEOUT_MS = 1_000;

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`rate-limit store did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Pure: the decision for a count reached in a window ending at resetAtMs. The wait never exceeds
 * the window: among simultaneous requests, the one that opened the window may have read the
 * clock a little after another that then found its window (a Retry-After of 901 s for 900).
 */
export function decide(count: number, resetAtMs: number, rule: LimitRule, nowMs: number): Decision {
  const wait = Math.min(Math.ceil(rule.windowMs / 1000), Math.ceil((resetAtMs - nowMs) / 1000));
  return { allowed: count <= rule.max, count, retryAfterSeconds: Math.max(1, wait) };
}

export interface LimiterOptions {
  timeoutMs?: number;
  /** Told about store failures (the limiter itself never logs). */
  onStoreError?: (error: unknown, rule: LimitRule) => void;
}

/** The options of a limit whose store failures are logged as a warning naming the limit. */
export function warnOnStoreError(log: Pick<FastifyBaseLogger, 'warn'>): LimiterOptions {
  return { onStoreError: (error, rule) => log.warn({ err: error, limit: rule.name }, 'rate-limit store unavailable') };
}

/**
 * A limit over a counter store. `consume` counts and decides in one atomic step of the store,
 * so N simultaneous requests get exactly `max` allowed, whatever their timing.
 */
export function rateLimiter(store: CounterStore, rule: LimitRule, options: LimiterOptions = {}) {
  const timeoutMs = options.timeoutMs ?? STORE_TIMEOUT_MS;
  const storeKey = (key: string) => `${rule.name}:${key}`;
  const failed = (error: unknown) => {
    // A Redis outage is logged once by its connection, not by every limit check meanwhile.
    if (!store.outage?.(error)) options.onStoreError?.(error, rule);
  };

  return {
    rule,
    async consume(key: string): Promise<Decision> {
      const nowMs = Date.now();
      try {
        const hit = await withTimeout(store.hit(storeKey(key), rule.windowMs, nowMs), timeoutMs);
        return decide(hit.count, hit.resetAtMs, rule, nowMs);
      } catch (error) {
        failed(error);
        if (rule.whenUnavailable === 'closed') throw new RateLimitUnavailableError(`the ${rule.name} limit cannot be checked`);
        return { allowed: true, count: 0, retryAfterSeconds: 0 };
      }
    },
    /** Whether the key is already over its limit, without counting (best effort: open on failure). */
    async isOver(key: string): Promise<boolean> {
      try {
        return (await withTimeout(store.peek(storeKey(key)), timeoutMs)) >= rule.max;
      } catch (error) {
        failed(error);
        if (rule.whenUnavailable === 'closed') throw new RateLimitUnavailableError(`the ${rule.name} limit cannot be checked`);
        return false;
      }
    },
    /** Gives back one count (the event turned out not to count); best effort. */
    async release(key: string): Promise<void> {
      await withTimeout(store.release(storeKey(key)), timeoutMs).catch(failed);
    },
    /** Clears the key's window; best effort. */
    async reset(key: string): Promise<void> {
      await withTimeout(store.reset(storeKey(key)), timeoutMs).catch(failed);
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;
