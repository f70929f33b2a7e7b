import { describe, expect, it } from 'vitest';
import { beaconSchema } from './insights-schemas';
import { plausibleVital, VITAL_MAX } from './insights-vitals';

describe('speed figure bounds', () => {
  it('takes what a browser measures, up to each bound', () => {
    for (const metric of ['lcp', 'inp', 'cls', 'ttfb'] as const) {
      expect(plausibleVital(metric, 0)).toBe(true);
      expect(plausibleVital(metric, VITAL_MAX[metric])).toBe(true);
      expect(beaconSchema.safeParse({ t: 'vitals', p: '/', [metric]: VITAL_MAX[metric] }).success).toBe(true);
    }
  });
  it('refuses a figure past its bound, below zero or not a number, naming it', () => {
    for (const metric of ['lcp', 'inp', 'cls', 'ttfb'] as const) {
      for (const value of [VITAL_MAX[metric] * 1.001, -0.001, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(plausibleVital(metric, value)).toBe(false);
        const parsed = beaconSchema.safeParse({ t: 'vitals', p: '/', [metric]: value });
        expect(parsed.success).toBe(false);
        expect(parsed.error!.issues[0]!.path).toEqual([metric]);
      }
    }
  });
  it('bounds each figure far past its "poor" threshold (web.dev), so a slow page still shows as poor', () => {
    const poor = { lcp: 4000, inp: 500, cls: 0.25, ttfb: 1800 };
    for (const metric of ['lcp', 'inp', 'cls', 'ttfb'] as const) expect(VITAL_MAX[metric]).toBeGreaterThanOrEqual(poor[metric] * 10);
  });
});
