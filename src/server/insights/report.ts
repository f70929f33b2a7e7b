import type { InsightsReport } from '../../common/insights-schemas';
import { GOOD, percentileOf } from './rules';

/** How many rows each top list holds. */
export const TOP = { pages: 50, other: 20 } as const;

const DAY_MS = 86_400_000;

/** Pure: the period of the same length just before [from, to] (days, inclusive). */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const days = Math.round((end - start) / DAY_MS) + 1;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(start - days * DAY_MS), to: day(start - DAY_MS) };
}

/** Ranges longer than this read speed from the monthly histograms. */
export const SPEED_BY_MONTH_AFTER_DAYS = 14;

/**
 * Pure: where the speed figures of a range come from: the daily histograms of its days, or, for
 * a long range, the monthly histograms of the calendar months it touches (a 30th of the rows;
 * the figures then cover those whole months, which the report says).
 */
export function speedPeriods(
  from: string,
  to: string,
): { monthly: boolean; from: string; to: string; covers: { from: string; to: string } } {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  if (days <= SPEED_BY_MONTH_AFTER_DAYS) return { monthly: false, from, to, covers: { from, to } };
  const [year, month] = to.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return { monthly: true, from: from.slice(0, 7), to: to.slice(0, 7), covers: { from: `${from.slice(0, 7)}-01`, to: lastDay } };
}

interface RollupRow {
  dimension: string;
  key: string;
  pageviews: number | string;
  visitors: number | string;
}

interface VitalRow {
  path: string;
  device: string;
  metric: string;
  bucket: number | string;
  count: number | string;
}

type Histograms = Map<string, Map<number, number>>;

function addTo(histograms: Histograms, key: string, bucket: number, count: number) {
  let histogram = histograms.get(key);
  if (!histogram) histograms.set(key, (histogram = new Map()));
  histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
}

/** Pure: p75 of each metric per page and per device class, merged from the daily histograms. */
export function vitalsOf(rows: readonly VitalRow[]): Pick<InsightsReport, 'vitals' | 'vitalsByDevice'> {
  const byPath: Histograms = new Map();
  const byDevice: Histograms = new Map();
  const samples = new Map<string, number>();
  for (const row of rows) {
    const bucket = Number(row.bucket);
    const count = Number(row.count);
    addTo(byPath, `${row.path}\u0000${row.metric}`, bucket, count);
    addTo(byDevice, `${row.device}\u0000${row.metric}`, bucket, count);
    // LCP is sent once per page view: its count is the page's number of speed reports.
    if (row.metric === 'lcp' || row.metric === 'ttfb') {
      samples.set(`p\u0000${row.path}\u0000${row.metric}`, (samples.get(`p\u0000${row.path}\u0000${row.metric}`) ?? 0) + count);
      samples.set(`d\u0000${row.device}\u0000${row.metric}`, (samples.get(`d\u0000${row.device}\u0000${row.metric}`) ?? 0) + count);
    }
  }
  const figures = (histograms: Histograms, name: string, prefix: string) => {
    const p75 = (metric: string) => {
      const histogram = histograms.get(`${name}\u0000${metric}`);
      return histogram ? percentileOf(histogram) : null;
    };
    const cls = p75('cls');
    return {
      samples: Math.max(samples.get(`${prefix}\u0000${name}\u0000lcp`) ?? 0, samples.get(`${prefix}\u0000${name}\u0000ttfb`) ?? 0),
      lcpP75: p75('lcp'),
      inpP75: p75('inp'),
      clsP75: cls === null ? null : Math.round(cls) / 1000,
      ttfbP75: p75('ttfb'),
    };
  };
  const names = (histograms: Histograms) => [...new Set([...histograms.keys()].map((key) => key.split('\u0000')[0]!))];
  const vitals = names(byPath)
    .map((path) => ({ path, ...figures(byPath, path, 'p') }))
    .sort((a, b) => b.samples - a.samples || a.path.localeCompare(b.path))
    .slice(0, TOP.pages);
  const vitalsByDevice = names(byDevice)
    .map((device) => ({ device, ...figures(byDevice, device, 'd') }))
    .sort((a, b) => b.samples - a.samples);
  return { vitals, vitalsByDevice };
}

/** Pure: the dashboard's figures from the summed rollups of a range and of the period before it. */
export function buildReport(input: {
  from: string;
  to: string;
  rows: readonly RollupRow[];
  previous: { from: string; to: string; pageviews: number; visitors: number };
  series: readonly { period: string; pageviews: number | string; visitors: number | string }[];
  vitals: readonly VitalRow[];
  /** The days the speed figures cover (speedPeriods). */
  speedCovers?: { from: string; to: string };
}): InsightsReport {
  const byDimension = new Map<string, { key: string; pageviews: number; visitors: number }[]>();
  for (const row of input.rows) {
    const list = byDimension.get(row.dimension) ?? [];
    list.push({ key: row.key, pageviews: Number(row.pageviews), visitors: Number(row.visitors) });
    byDimension.set(row.dimension, list);
  }
  const top = (dimension: string, limit: number = TOP.other, by: 'pageviews' | 'visitors' = 'pageviews') =>
    (byDimension.get(dimension) ?? []).sort((a, b) => b[by] - a[by] || a.key.localeCompare(b.key)).slice(0, limit);
  const total = top('total', 1)[0] ?? { pageviews: 0, visitors: 0 };
  return {
    from: input.from,
    to: input.to,
    pageviews: total.pageviews,
    visitors: total.visitors,
    previous: input.previous,
    series: input.series.map((row) => ({ period: row.period, pageviews: Number(row.pageviews), visitors: Number(row.visitors) })),
    pages: top('page', TOP.pages).map(({ key, pageviews, visitors }) => ({ path: key, pageviews, visitors })),
    referrers: top('referrer', TOP.other, 'visitors').map(({ key, pageviews, visitors }) => ({ source: key, visitors, pageviews })),
    campaigns: top('campaign'),
    devices: top('device'),
    browsers: top('browser'),
    os: top('os'),
    screens: top('screen'),
    events: top('event').map(({ key, pageviews }) => ({ name: key, count: pageviews })),
    eventPages: top('event-page', TOP.pages).map(({ key, pageviews }) => {
      const space = key.indexOf(' ');
      return { name: key.slice(0, space), path: key.slice(space + 1), count: pageviews };
    }),
    ...vitalsOf(input.vitals),
    speedCovers: input.speedCovers ?? { from: input.from, to: input.to },
    good: { lcp: GOOD.lcp, inp: GOOD.inp, cls: GOOD.cls / 1000, ttfb: GOOD.ttfb },
  };
}
