import { describe, expect, it } from 'vitest';
import { INSIGHTS_MAX_RANGE_DAYS, rangeProblem } from './insights-range';

describe('rangeProblem', () => {
  it('takes real days in order, one day to the longest range', () => {
    expect(rangeProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(rangeProblem('2024-02-29', '2024-03-31')).toBeNull();
    // 400 days, counted inclusively: 2025-01-01 to 2026-02-04.
    expect(INSIGHTS_MAX_RANGE_DAYS).toBe(400);
    expect(rangeProblem('2025-01-01', '2026-02-04')).toBeNull();
  });

  it('names the date that is not a real one', () => {
    expect(rangeProblem('2026-02-30', '2026-03-01')).toMatchObject({ field: 'from', detail: 'is not a real date' });
    expect(rangeProblem('2026-03-01', '2026-13-01')).toMatchObject({ field: 'to', sentence: 'The To date is not a real date.' });
    expect(rangeProblem('', '2026-03-01')).toMatchObject({ field: 'from' });
  });

  it('refuses a range that ends before it starts', () => {
    expect(rangeProblem('2026-03-01', '2026-02-01')).toMatchObject({ field: 'to', detail: 'must not be before from' });
  });

  it('refuses a range one day over the longest, saying how long a range may be', () => {
    const problem = rangeProblem('2025-01-01', '2026-02-05');
    expect(problem).toMatchObject({ field: 'to', detail: 'the range may span at most 400 days' });
    expect(problem?.sentence).toBe('A range can span at most 400 days: choose a later From date or an earlier To date.');
    expect(rangeProblem('2020-01-01', '2026-12-07', 10_000)).toBeNull();
  });
});
