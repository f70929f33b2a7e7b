import { z } from 'zod';
import { VITAL_MAX } from './insights-vitals';

/** Where beacons go (site and app); a plain text body of one JSON object, at most BEACON_MAX_BYTES. */
export const INSIGHTS_COLLECT_PATH = '/api/insights/collect';
/** What a page without JavaScript loads (a <noscript> image): GET with ?p=PATH. */
export const INSIGHTS_PIXEL_PATH = '/api/insights/pixel';
export const BEACON_MAX_BYTES = 2048;

const address = z.string().max(1024);

const sample = (max: number) =>
  z.number().finite().min(0, 'must not be below zero').max(max, `must be at most ${max}, the most a browser measures`);

/** A beacon: one page view, or the page's speed figures. Anything else is refused. */
export const beaconSchema = z.discriminatedUnion('t', [
  z
    .object({
      t: z.literal('pageview'),
      /** path and query of the page (the query only for its utm_* parameters). */
      p: address,
      /** document.referrer */
      r: address.optional(),
      /** screen width in CSS pixels */
      w: z.number().int().min(0).max(100_000).optional(),
    })
    .strict(),
  z
    .object({
      t: z.literal('vitals'),
      p: address,
      lcp: sample(VITAL_MAX.lcp).optional(),
      inp: sample(VITAL_MAX.inp).optional(),
      /** Cumulative Layout Shift (unitless). */
      cls: sample(VITAL_MAX.cls).optional(),
      ttfb: sample(VITAL_MAX.ttfb).optional(),
    })
    .strict(),
]);
export type Beacon = z.infer<typeof beaconSchema>;

/** The server-side events the company counts (never sent by clients). */
export const INSIGHTS_EVENTS = ['contact', 'sign-up', 'sign-in', 'movie-added', 'not-found'] as const;
export type InsightsEventName = (typeof INSIGHTS_EVENTS)[number];

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');

export const insightsQuerySchema = z.object({ from: isoDay, to: isoDay });

const keyed = z.object({ key: z.string(), pageviews: z.number(), visitors: z.number() });
const vital = z.object({
  path: z.string(),
  samples: z.number(),
  lcpP75: z.number().nullable(),
  inpP75: z.number().nullable(),
  /** Unitless, like the metric itself. */
  clsP75: z.number().nullable(),
  ttfbP75: z.number().nullable(),
});

export const insightsReportSchema = z.object({
  from: isoDay,
  to: isoDay,
  pageviews: z.number(),
  /** Sum of each day's distinct visitors (a visitor cannot be linked across days). */
  visitors: z.number(),
  previous: z.object({ from: isoDay, to: isoDay, pageviews: z.number(), visitors: z.number() }),
  /** Per hour when the range is one day, else per day. */
  series: z.array(z.object({ period: z.string(), pageviews: z.number(), visitors: z.number() })),
  pages: z.array(z.object({ path: z.string(), pageviews: z.number(), visitors: z.number() })),
  referrers: z.array(z.object({ source: z.string(), visitors: z.number(), pageviews: z.number() })),
  campaigns: z.array(keyed),
  devices: z.array(keyed),
  browsers: z.array(keyed),
  os: z.array(keyed),
  screens: z.array(keyed),
  events: z.array(z.object({ name: z.string(), count: z.number() })),
  eventPages: z.array(z.object({ name: z.string(), path: z.string(), count: z.number() })),
  vitals: z.array(vital),
  vitalsByDevice: z.array(vital.omit({ path: true }).extend({ device: z.string() })),
  /** The days the speed figures cover: the range, or for ranges over two weeks the whole months it touches. */
  speedCovers: z.object({ from: isoDay, to: isoDay }),
  /** The "good" thresholds: LCP, INP, TTFB in ms, CLS unitless. */
  good: z.object({ lcp: z.number(), inp: z.number(), cls: z.number(), ttfb: z.number() }),
});
export type InsightsReport = z.infer<typeof insightsReportSchema>;

/** The live stream's staff topic: "page views were just counted" (open Insights pages read "now" again). */
export const INSIGHTS_TOPIC = 'insights';

export const insightsNowSchema = z.object({ visitors: z.number(), pageviews: z.number(), minutes: z.number() });
export type InsightsNow = z.infer<typeof insightsNowSchema>;
