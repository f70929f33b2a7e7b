import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency';

describe('concurrencyLimit', () => {
  it('runs at most the limit at once, all of them in the end, and passes on failures', async () => {
    const run = concurrencyLimit(2);
    let active = 0;
    let most = 0;
    const task = (value: number) => async () => {
      active += 1;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      if (value === 3) throw new Error('three');
      return value;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((value) => run(task(value))));
    expect(most).toBe(2);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([1, 2, 'failed', 4, 5]);
  });
});
