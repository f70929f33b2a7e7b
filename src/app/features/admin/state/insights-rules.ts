/** The ranges the Insights page offers. */
export type RangeName = 'today' | '7d' | '30d' | '12m' | 'custom';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** Pure: the from/to days (UTC) of a named range ending today. */
export function rangeDays(name: Exclude<RangeName, 'custom'>, nowMs: number): { from: string; to: string } {
  const to = day(nowMs);
  const back = { today: 0, '7d': 6, '30d': 29, '12m': 364 }[name];
  return { from: day(nowMs - back * DAY_MS), to };
}

/** Pure: "+12%", "−5%", "new" or "no change" between the period and the one before. */
export function changeText(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'no change' : 'new';
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return 'no change';
  return percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`;
}

/** Pure: one CSV document (RFC 4180) of a table; cells that a spreadsheet would run as formulas are quoted as text. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const cell = (value: string | number | null) => {
    let text = value === null ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Pure: whether a speed figure is within its "good" threshold. */
export const isGood = (value: number | null, good: number) => value !== null && value <= good;

export interface SeriesPoint {
  period: string;
  pageviews: number;
  visitors: number;
}

/**
 * Pure: a point for every period of [from, to] (each hour of a single day, 'YYYY-MM-DDTHH';
 * otherwise each day), zero where nothing was counted, so the bars stand in time order with the
 * quiet periods between them rather than one bar filling the chart.
 */
export function fullSeries(series: readonly SeriesPoint[], from: string, to: string): SeriesPoint[] {
  const counted = new Map(series.map((point) => [point.period, point]));
  const periods: string[] = [];
  if (from === to) {
    for (let hour = 0; hour < 24; hour++) periods.push(`${from}T${String(hour).padStart(2, '0')}`);
  } else {
    const end = Date.parse(`${to}T00:00:00Z`);
    // A year of days at most: the range picker offers nothing longer, and a bound keeps a typed range cheap.
    for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= end && periods.length < 400; ms += DAY_MS) periods.push(day(ms));
  }
  return periods.map((period) => counted.get(period) ?? { period, pageviews: 0, visitors: 0 });
}
