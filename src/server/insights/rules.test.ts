import { describe, expect, it } from 'vitest';
import { applyCaps, cappedKeysOf, type PendingView, rollupIncrements, seenKey } from './batch';
import { previousRange, speedPeriods } from './report';
import {
  bucketOf,
  bucketValue,
  campaignOf,
  classifyAgent,
  normalisePath,
  notCounted,
  optedOut,
  OTHER,
  percentileOf,
  referrerSource,
  screenClass,
  visitorHash,
} from './rules';

const facts = (userAgent: string, extra: Record<string, string> = {}) => ({
  userAgent,
  purpose: extra.purpose,
  secPurpose: extra.secPurpose,
  gpc: extra.gpc,
  dnt: extra.dnt,
});
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('Insights rules', () => {
  it('normalises paths and refuses what is not a path of the site', () => {
    expect(normalisePath('/about/?utm_source=x#top')).toBe('/about');
    expect(normalisePath('//evil.example/x')).toBeNull();
    expect(normalisePath('https://evil.example/')).toBeNull();
    expect(normalisePath('/a//b')).toBe('/a/b');
    expect(normalisePath('/a\nb')).toBeNull();
    expect(normalisePath(`/${'x'.repeat(500)}`)!.length).toBe(200);
  });

  it('keeps only the referring site, never ours, and campaigns in lower case', () => {
    expect(referrerSource('https://www.Google.com/search?q=secret', 'localhost')).toBe('google.com');
    expect(referrerSource('http://localhost:3000/about', 'localhost')).toBeNull();
    expect(referrerSource('javascript:alert(1)', 'localhost')).toBeNull();
    expect(referrerSource('', 'localhost')).toBeNull();
    expect(campaignOf('/?utm_source=NewsLetter&utm_campaign=Spring&x=1')).toEqual({
      source: 'newsletter',
      medium: null,
      campaign: 'spring',
    });
  });

  it('classifies user agents into families only, and robots, prefetches and health checks out', () => {
    expect(classifyAgent(CHROME)).toEqual({ device: 'desktop', browser: 'Chrome', os: 'Windows' });
    expect(classifyAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36')).toEqual({
      device: 'phone',
      browser: 'Chrome',
      os: 'Android',
    });
    expect(notCounted(facts(CHROME))).toBeNull();
    expect(notCounted(facts('Mozilla/5.0 (compatible; bingbot/2.0)'))).toBe('bot');
    expect(notCounted(facts(''))).toBe('bot');
    expect(notCounted(facts(CHROME, { secPurpose: 'prefetch;prerender' }))).toBe('prefetch');
    expect(notCounted(facts('kube-probe/1.29'))).toBe('health-check');
    expect(optedOut({ gpc: '1', dnt: undefined })).toBe(true);
    expect(optedOut({ gpc: undefined, dnt: '1' })).toBe(true);
    expect(optedOut({ gpc: '0', dnt: undefined })).toBe(false);
    expect(screenClass(390)).toBe('small');
    expect(screenClass(undefined)).toBeNull();
  });

  it('hashes a visitor differently with another salt', () => {
    expect(visitorHash('a', '1.2.3.4', CHROME, 'site')).toBe(visitorHash('a', '1.2.3.4', CHROME, 'site'));
    expect(visitorHash('a', '1.2.3.4', CHROME, 'site')).not.toBe(visitorHash('b', '1.2.3.4', CHROME, 'site'));
  });

  it('reads percentiles from histograms within 10%', () => {
    const histogram = new Map<number, number>();
    for (let value = 1; value <= 1000; value++) histogram.set(bucketOf(value), (histogram.get(bucketOf(value)) ?? 0) + 1);
    const p75 = percentileOf(histogram)!;
    expect(p75).toBeGreaterThanOrEqual(750);
    expect(p75).toBeLessThanOrEqual(825);
    expect(percentileOf(new Map())).toBeNull();
    expect(bucketValue(bucketOf(2500))).toBeGreaterThanOrEqual(2500);
  });

  it('caps keys and credits a new visitor once', () => {
    const view = (path: string, visitor: string | null): PendingView => ({
      kind: 'pageview',
      id: path,
      atMs: Date.parse('2026-01-01T10:00:00Z'),
      path,
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      device: 'desktop',
      browser: 'Chrome',
      os: 'Linux',
      screen: null,
      visitor,
    });
    const items = [view('/a', 'v'), view('/b', 'v'), view('/a', null)];
    expect(cappedKeysOf(items).get('2026-01-01|page')).toEqual(new Set(['/a', '/b']));
    const capped = applyCaps(items, new Map([['2026-01-01|page', new Set(['/a'])]]));
    expect(capped.map((item) => item.path)).toEqual(['/a', OTHER, '/a']);
    const seen = new Set([seenKey('2026-01-01', 'total', 'v'), seenKey('2026-01-01', 'page:/a', 'v')]);
    const { daily } = rollupIncrements(capped, seen, bucketOf);
    expect(daily.find((row) => row.dimension === 'total')).toMatchObject({ pageviews: 3, visitors: 1 });
    expect(daily.find((row) => row.key === '/a')).toMatchObject({ pageviews: 2, visitors: 1 });
  });

  it('finds the period before', () => {
    expect(previousRange('2026-03-01', '2026-03-07')).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(speedPeriods('2026-03-01', '2026-03-07')).toEqual({
      monthly: false,
      from: '2026-03-01',
      to: '2026-03-07',
      covers: { from: '2026-03-01', to: '2026-03-07' },
    });
    expect(speedPeriods('2026-01-20', '2026-02-18')).toEqual({
      monthly: true,
      from: '2026-01',
      to: '2026-02',
      covers: { from: '2026-01-01', to: '2026-02-28' },
    });
  });
});
