import { describe, expect, it } from 'vitest';
import { identityLimitRules } from '../../../identity/index';
import { decide, type LimitRule, RateLimitUnavailableError, rateLimiter } from './limiter';
import { type CounterStore, memoryStore } from './store';

const rule: LimitRule = { name: 't', max: 3, windowMs: 1000, whenUnavailable: 'closed' };

describe('decide', () => {
  it('allows up to max in a window and says how long until it ends', () => {
    expect(decide(3, 10_500, rule, 10_000)).toEqual({ allowed: true, count: 3, retryAfterSeconds: 1 });
    expect(decide(4, 12_100, { ...rule, windowMs: 5_000 }, 10_000)).toEqual({ allowed: false, count: 4, retryAfterSeconds: 3 });
  });

  it('never asks for a longer wait than the window, whoever read the clock first', () => {
    const fifteenMinutes = { ...rule, windowMs: 900_000 };
    // The request that opened the window read the clock 3 ms after this one did.
    expect(decide(11, 10_003 + 900_000, fifteenMinutes, 10_000).retryAfterSeconds).toBe(900);
    expect(decide(11, 10_000 + 900_000, fifteenMinutes, 10_000).retryAfterSeconds).toBe(900);
  });

  it('keeps the sign-in limit at 10 per email in 15 minutes', () => {
    expect(identityLimitRules().signInPerEmail).toMatchObject({ max: 10, windowMs: 900_000, whenUnavailable: 'closed' });
  });
});

describe('memory store', () => {
  it('counts in one step and forgets when the window ends', async () => {
    const store = memoryStore();
    expect((await store.hit('a', 1000, 0)).count).toBe(1);
    expect(await store.hit('a', 1000, 999)).toEqual({ count: 2, resetAtMs: 1000 });
    expect(await store.peek('a', 999)).toBe(2);
    expect(await store.peek('a', 1000)).toBe(0);
    expect(await store.hit('a', 1000, 1000)).toEqual({ count: 1, resetAtMs: 2000 });
  });

  it('lets exactly max of a simultaneous burst through', async () => {
    const limiter = rateLimiter(memoryStore(), rule);
    const decisions = await Promise.all(Array.from({ length: 30 }, () => limiter.consume('k')));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(3);
  });
});

describe('an unavailable store', () => {
  const hung: CounterStore = {
    kind: 'redis',
    hit: () => new Promise(() => undefined),
    release: () => new Promise(() => undefined),
    reset: () => Promise.reject(new Error('down')),
    peek: () => Promise.reject(new Error('down')),
  };

  it('refuses when the limit fails closed, after the timeout', async () => {
    const errors: unknown[] = [];
    const limiter = rateLimiter(hung, rule, { timeoutMs: 20, onStoreError: (error) => errors.push(error) });
    await expect(limiter.consume('k')).rejects.toBeInstanceOf(RateLimitUnavailableError);
    expect(errors).toHaveLength(1);
    await limiter.release('k');
    await limiter.reset('k');
  });

  it('lets the request through when the limit fails open', async () => {
    const limiter = rateLimiter(hung, { ...rule, whenUnavailable: 'open' }, { timeoutMs: 20 });
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect(await limiter.isOver('k')).toBe(false);
  });
});
