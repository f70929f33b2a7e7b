/**
 * The ranges Insights reports on (`GET /api/admin/insights?from=&to=`): checked by the server, and
 * by the console before it asks, so a person picking dates is told what is wrong with them
 * rather than shown a refused request.
 */

/** The longest range, in days: a year and a little more, so "12 months" and any custom year fit. */
export const INSIGHTS_MAX_RANGE_DAYS = 400;

const DAY_MS = 86_400_000;

export interface RangeProblem {
  field: 'from' | 'to';
  /** For the error's field list. */
  detail: string;
  /** What a person is told. */
  sentence: string;
}

const isRealDay = (day: string, ms: number) => !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;

/** Pure: whether `from` and `to` (YYYY-MM-DD, UTC) are real days, in order, at most `maxDays` apart (inclusive). */
export function rangeProblem(from: string, to: string, maxDays = INSIGHTS_MAX_RANGE_DAYS): RangeProblem | null {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!isRealDay(from, start)) return { field: 'from', detail: 'is not a real date', sentence: 'The From date is not a real date.' };
  if (!isRealDay(to, end)) return { field: 'to', detail: 'is not a real date', sentence: 'The To date is not a real date.' };
  if (end < start)
    return { field: 'to', detail: 'must not be before from', sentence: 'The To date is before the From date: choose one on or after it.' };
  if ((end - start) / DAY_MS + 1 > maxDays)
    return {
      field: 'to',
      detail: `the range may span at most ${maxDays} days`,
      sentence: `A range can span at most ${maxDays} days: choose a later From date or an earlier To date.`,
    };
  return null;
}
