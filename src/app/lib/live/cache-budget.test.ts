import { describe, expect, it } from 'vitest';
import { cacheBudget, planEviction } from './cache-budget';

describe('device cache budget', () => {
  it('is 40 MB by default and never under 1 MB', () => {
    expect(cacheBudget()).toBe(40 * 1024 * 1024);
    expect(cacheBudget(10)).toBe(1024 * 1024);
    expect(cacheBudget(5 * 1024 * 1024)).toBe(5 * 1024 * 1024);
  });

  it('evicts the oldest entries first until the new one fits', () => {
    const existing = [
      { key: 'b', bytes: 400, savedAt: 2 },
      { key: 'a', bytes: 400, savedAt: 1 },
      { key: 'c', bytes: 100, savedAt: 3 },
    ];
    expect(planEviction(existing, { key: 'd', bytes: 500, savedAt: 4 }, 1000)).toEqual({ evict: ['a'], keepNew: true });
    expect(planEviction(existing, { key: 'd', bytes: 900, savedAt: 4 }, 1000)).toEqual({ evict: ['a', 'b'], keepNew: true });
    // Replacing an entry does not count its old size.
    expect(planEviction(existing, { key: 'b', bytes: 500, savedAt: 4 }, 1000)).toEqual({ evict: [], keepNew: true });
    expect(planEviction(existing, { key: 'd', bytes: 2000, savedAt: 4 }, 1000)).toEqual({ evict: [], keepNew: false });
  });
});
