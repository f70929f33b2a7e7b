import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenStableOrTimeout } from './service-worker';

describe('registering when stable, or after the timeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes ahead as soon as the app is stable', async () => {
    let markStable!: () => void;
    const stable = new Promise<void>((resolve) => (markStable = resolve));
    const outcome = whenStableOrTimeout(stable, 30_000);
    await vi.advanceTimersByTimeAsync(1_000);
    markStable();
    await expect(outcome).resolves.toBe('stable');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up waiting after 30 s when the app never settles', async () => {
    const never = new Promise<void>(() => undefined);
    let result: string | undefined;
    void whenStableOrTimeout(never, 30_000).then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe('timeout');
  });

  it('still registers at the deadline when the stability signal fails', async () => {
    const outcome = whenStableOrTimeout(Promise.reject(new Error('no load event')), 30_000);
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(outcome).resolves.toBe('timeout');
  });

  it('answers once: stability after the deadline changes nothing', async () => {
    let markStable!: () => void;
    const outcome = whenStableOrTimeout(new Promise<void>((resolve) => (markStable = resolve)), 10);
    await vi.advanceTimersByTimeAsync(10);
    markStable();
    await expect(outcome).resolves.toBe('timeout');
  });
});
