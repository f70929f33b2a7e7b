import { describe, expect, it } from 'vitest';
import { fillDays, sortByCount, windowStart } from './series';

describe('stats series', () => {
  const now = new Date('2026-03-02T15:00:00Z');

  it('starts the window days-1 days before today (UTC), across month ends', () => {
    expect(windowStart(now, 1)).toBe('2026-03-02');
    expect(windowStart(now, 3)).toBe('2026-02-28');
  });

  it('fills the days without rows with zero, oldest first', () => {
    expect(fillDays([{ date: '2026-02-28', count: 4 }], now, 3)).toEqual([
      { date: '2026-02-28', count: 4 },
      { date: '2026-03-01', count: 0 },
      { date: '2026-03-02', count: 0 },
    ]);
  });

  it('orders by count, then label', () => {
    expect(
      sortByCount([
        { label: 'b', count: 1 },
        { label: 'c', count: 5 },
        { label: 'a', count: 1 },
      ]).map((r) => r.label),
    ).toEqual(['c', 'a', 'b']);
  });
});
