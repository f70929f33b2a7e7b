import { csvDocument } from '../../../../common/csv';
import type { InsightsReport } from '../../../../common/insights-schemas';

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

/**
 * Pure: one CSV document (RFC 4180) of a table, with the product's one cell rule (src/common/csv.ts):
 * no cell is read as a formula, in a comma or a semicolon spreadsheet.
 */
export const toCsv = csvDocument;

/** Pure: whether a speed figure is within its "good" threshold. */
export const isGood = (value: number | null, good: number) => value !== null && value <= good;

export type Cell = string | number | null;

/** One table of the report: what the page shows and what its CSV download holds. */
export interface FigureTableData {
  id: string;
  caption: string;
  header: string[];
  rows: Cell[][];
}

/** The names the page gives the server's events. */
export const EVENT_NAMES: Record<string, string> = {
  contact: 'Contact Us messages',
  'sign-up': 'Sign-ups',
  'sign-in': 'Sign-ins',
  'movie-added': 'Movies added',
  'not-found': 'Pages not found',
};

const ms = (value: number | null) => (value === null ? null : `${value} ms`);

/** Pure: the tables of a report below its chart, in the page's order (each with a CSV download). */
export function figureTables(report: InsightsReport): FigureTableData[] {
  const { good } = report;
  const speed = (value: number | null, threshold: number, text: Cell) =>
    value === null ? null : `${text} ${isGood(value, threshold) ? '(good)' : '(needs work)'}`;
  const keyed = (
    [
      ['campaigns', 'Campaigns', report.campaigns],
      ['devices', 'Devices', report.devices],
      ['browsers', 'Browsers', report.browsers],
      ['os', 'Operating systems', report.os],
      ['screens', 'Screens', report.screens],
    ] as const
  ).map(([id, caption, rows]) => ({
    id,
    caption,
    header: [caption.replace(/s$/, ''), 'Page views', 'Visitors'],
    rows: rows.map((row): Cell[] => [row.key, row.pageviews, row.visitors]),
  }));
  return [
    {
      id: 'pages',
      caption: 'Pages',
      header: ['Page', 'Page views', 'Visitors'],
      rows: report.pages.map((row) => [row.path, row.pageviews, row.visitors]),
    },
    {
      id: 'events',
      caption: 'Events',
      header: ['Event and page', 'Count'],
      rows: report.eventPages.map((row) => [`${EVENT_NAMES[row.name] ?? row.name}: ${row.path}`, row.count]),
    },
    {
      id: 'speed',
      caption: 'Speed per page',
      header: ['Page', 'Reports', 'LCP (p75)', 'INP (p75)', 'CLS (p75)', 'TTFB (p75)'],
      rows: report.vitals.map((row) => [
        row.path,
        row.samples,
        speed(row.lcpP75, good.lcp, ms(row.lcpP75)),
        speed(row.inpP75, good.inp, ms(row.inpP75)),
        speed(row.clsP75, good.cls, row.clsP75),
        speed(row.ttfbP75, good.ttfb, ms(row.ttfbP75)),
      ]),
    },
    {
      id: 'speed-devices',
      caption: 'Speed per device',
      header: ['Device', 'Reports', 'LCP (p75)', 'INP (p75)', 'CLS (p75)', 'TTFB (p75)'],
      rows: report.vitalsByDevice.map((row) => [row.device, row.samples, ms(row.lcpP75), ms(row.inpP75), row.clsP75, ms(row.ttfbP75)]),
    },
    {
      id: 'referrers',
      caption: 'Referrers',
      header: ['Site', 'Visitors', 'Page views'],
      rows: report.referrers.map((row) => [row.source, row.visitors, row.pageviews]),
    },
    ...keyed,
  ];
}

/** Pure: the table of the chart (views per hour of one day, else per day), every period included. */
export function seriesTable(report: InsightsReport): FigureTableData {
  return {
    id: 'series',
    caption: 'Views per period',
    header: ['Period', 'Page views', 'Visitors'],
    rows: fullSeries(report.series, report.from, report.to).map((row) => [
      row.period.replace('T', ' ') + (row.period.includes('T') ? ':00' : ''),
      row.pageviews,
      row.visitors,
    ]),
  };
}

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
