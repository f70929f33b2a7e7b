/** Pure helpers that shape aggregate rows into what the charts draw. */
export interface DayCount {
  date: string;
  count: number;
}

const DAY_MS = 86_400_000;

/** The first day (YYYY-MM-DD, UTC) of a window of `days` days ending today. */
export function windowStart(now: Date, days: number): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

/** One entry per day of the window, oldest first, with 0 for days the database has no row for. */
export function fillDays(rows: readonly DayCount[], now: Date, days: number): DayCount[] {
  const byDate = new Map(rows.map((row) => [row.date, row.count]));
  const start = Date.parse(`${windowStart(now, days)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(start + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: byDate.get(date) ?? 0 };
  });
}

export interface LabelCount {
  label: string;
  count: number;
}

/** Largest first, ties by label, so charts and tables list them the same way on both engines. */
export function sortByCount(rows: readonly LabelCount[]): LabelCount[] {
  return [...rows].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}
