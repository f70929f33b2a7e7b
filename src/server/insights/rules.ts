import { createHash } from 'node:crypto';
import { isbot } from 'isbot';

/** The key every page, referrer or campaign beyond the day's cap is counted under. */
export const OTHER = '(other)';
/** Longest path, referrer or campaign value kept (longer ones are cut). */
export const MAX_KEY_LENGTH = 200;
/** Longest header value looked at by any expression here. */
const MAX_HEADER_LENGTH = 512;

/** Pure: YYYY-MM-DD (UTC) of a time. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Pure: YYYY-MM-DDTHH (UTC) of a time. */
export function hourOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 13);
}

const bounded = (value: string | undefined | null): string => (value ?? '').slice(0, MAX_HEADER_LENGTH);

/**
 * Pure: the path a view is counted under: no query, fragment, repeated or trailing slash, and no
 * control characters; cut to MAX_KEY_LENGTH. Null for something that is not a path of this site.
 */
export function normalisePath(raw: string): string | null {
  const input = raw.slice(0, 2048);
  if (!input.startsWith('/') || input.startsWith('//')) return null;
  let path = input.split(/[?#]/, 1)[0]!;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(path)) return null;
  path = path.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/$/, '');
  return path.slice(0, MAX_KEY_LENGTH);
}

/** Pure: utm_source, utm_medium, utm_campaign of a page address (lower case, cut); the rest of the query is dropped. */
export function campaignOf(raw: string): { source: string | null; medium: string | null; campaign: string | null } {
  const query = raw.slice(0, 2048).split('#', 1)[0]!.split('?')[1] ?? '';
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query);
  } catch {
    params = new URLSearchParams();
  }
  const clean = (value: string | null) => {
    const text = (value ?? '')
      .trim()
      .toLowerCase()
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .slice(0, 80);
    return text || null;
  };
  return { source: clean(params.get('utm_source')), medium: clean(params.get('utm_medium')), campaign: clean(params.get('utm_campaign')) };
}

/**
 * Pure: the site a visitor came from (host name without "www."), never its path or query; null
 * for none, for a non-web address, and for our own site.
 */
export function referrerSource(raw: string | undefined | null, ownHost: string): string | null {
  const input = (raw ?? '').slice(0, 2048).trim();
  if (!input) return null;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    // An app opened from another app (android-app://com.google.android.gm) names the app.
    return url.protocol === 'android-app:' ? url.hostname.slice(0, 100) || null : null;
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (!host || host === ownHost.toLowerCase().replace(/^www\./, '')) return null;
  return host.slice(0, 100);
}

export interface AgentClass {
  device: 'phone' | 'tablet' | 'desktop';
  browser: string;
  os: string;
}

/** Pure: the device class, browser and operating-system families of a user agent (nothing finer is kept). */
export function classifyAgent(userAgent: string | undefined): AgentClass {
  const ua = bounded(userAgent);
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Android/.test(ua)
        ? 'Android'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : 'Other';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser/.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS/.test(ua)
          ? 'Firefox'
          : /Chrome\/|Chromium\/|CriOS/.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : 'Other';
  const device =
    /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua)) ? 'tablet' : /Mobi|iPhone|iPod/.test(ua) ? 'phone' : 'desktop';
  return { device, browser, os };
}

/** Pure: the screen class of a CSS pixel width (what layouts care about), or null when unknown. */
export function screenClass(width: number | undefined): string | null {
  if (width === undefined || !Number.isFinite(width) || width <= 0) return null;
  if (width < 576) return 'small';
  if (width < 992) return 'medium';
  if (width < 1440) return 'large';
  return 'wide';
}

export interface RequestFacts {
  userAgent: string | undefined;
  purpose: string | undefined;
  secPurpose: string | undefined;
  gpc: string | undefined;
  dnt: string | undefined;
}

/** Why a request is not counted at all (a robot, a prefetch, a health check), or null when it is. */
export function notCounted(facts: RequestFacts): 'bot' | 'prefetch' | 'health-check' | null {
  const ua = bounded(facts.userAgent);
  if (/prefetch|prerender/i.test(bounded(facts.secPurpose)) || /prefetch|prerender/i.test(bounded(facts.purpose))) return 'prefetch';
  // Load-balancer and orchestrator probes that request pages (the server's own /health* routes never reach here).
  if (/health-?check|kube-probe|uptime/i.test(ua)) return 'health-check';
  if (!ua || isbot(ua)) return 'bot';
  return null;
}

/** Pure: a visitor who asked not to be tracked (Global Privacy Control or Do Not Track) is counted as a view only. */
export function optedOut(facts: Pick<RequestFacts, 'gpc' | 'dnt'>): boolean {
  return (facts.gpc ?? '').trim() === '1' || (facts.dnt ?? '').trim() === '1';
}

/**
 * The visitor of one day: a hash of the address, the user agent, the site and the day's random
 * salt. Without the salt (deleted when the day ends) it cannot be recomputed or linked to
 * another day's.
 */
export function visitorHash(salt: string, address: string, userAgent: string | undefined, site: string): string {
  return createHash('sha256')
    .update(`${salt}\n${address.slice(0, 64)}\n${bounded(userAgent)}\n${site.slice(0, 200)}`)
    .digest('base64url')
    .slice(0, 22);
}

// Speed histograms: buckets grow by 10% (so a percentile read from them is within 10%).
const BUCKET_GROWTH = Math.log(1.1);

/** Pure: the histogram bucket of a sample (milliseconds, or CLS × 1000). */
export function bucketOf(value: number): number {
  if (!(value > 1)) return 0;
  return Math.min(200, Math.ceil(Math.log(value) / BUCKET_GROWTH));
}

/** Pure: the upper bound of a bucket, the value a percentile falling in it is reported as. */
export function bucketValue(bucket: number): number {
  return bucket <= 0 ? 1 : Math.round(Math.exp(bucket * BUCKET_GROWTH));
}

/** Pure: the 75th percentile of a histogram (bucket → count), or null when it is empty. */
export function percentileOf(histogram: ReadonlyMap<number, number>, fraction = 0.75): number | null {
  const buckets = [...histogram.entries()].filter(([, count]) => count > 0).sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * fraction);
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= rank) return bucketValue(bucket);
  }
  return bucketValue(buckets.at(-1)![0]);
}

/** The "good" thresholds of Core Web Vitals (web.dev): LCP and INP in ms, CLS × 1000, TTFB in ms. */
export const GOOD = { lcp: 2500, inp: 200, cls: 100, ttfb: 800 } as const;
export type Metric = keyof typeof GOOD;
export const METRICS = Object.keys(GOOD) as Metric[];
