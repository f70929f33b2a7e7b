import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff';

describe('retryDelayMs', () => {
  it('doubles from the base after each failure', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 1000))).toEqual([1000, 2000, 4000, 8000]);
  });
  it('never waits longer than the maximum, however many failures', () => {
    expect(retryDelayMs(50, 1000, 60_000)).toBe(60_000);
    expect(retryDelayMs(10_000, 1000)).toBe(15 * 60_000);
  });
  it('treats no failure yet as the base', () => {
    expect(retryDelayMs(0, 500)).toBe(500);
  });
});
