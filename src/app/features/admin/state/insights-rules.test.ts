import { describe, expect, it } from 'vitest';
import { changeText, fullSeries, isGood, rangeDays, toCsv } from './insights-rules';

describe('Insights page rules', () => {
  it('names the days of each range', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(rangeDays('today', now)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(rangeDays('7d', now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(rangeDays('30d', now).from).toBe('2026-02-09');
  });

  it('describes the change from the period before', () => {
    expect(changeText(120, 100)).toBe('+20%');
    expect(changeText(50, 100)).toBe('−50%');
    expect(changeText(5, 0)).toBe('new');
    expect(changeText(0, 0)).toBe('no change');
  });

  it('writes CSV with quoting and without formulas', () => {
    expect(
      toCsv(
        ['path', 'views'],
        [
          ['/a,b', 2],
          ['=cmd()', null],
        ],
      ),
    ).toBe('path,views\r\n"/a,b",2\r\n\'=cmd(),\r\n');
    expect(isGood(2000, 2500)).toBe(true);
    expect(isGood(null, 2500)).toBe(false);
  });
});

describe('fullSeries', () => {
  it('gives every day of a range, zero where nothing was counted', () => {
    const filled = fullSeries([{ period: '2026-11-25', pageviews: 4, visitors: 2 }], '2026-11-23', '2026-11-26');
    expect(filled.map((point) => [point.period, point.pageviews])).toEqual([
      ['2026-11-23', 0],
      ['2026-11-24', 0],
      ['2026-11-25', 4],
      ['2026-11-26', 0],
    ]);
  });

  it('gives the 24 hours of a single day', () => {
    const filled = fullSeries([{ period: '2026-11-26T09', pageviews: 3, visitors: 1 }], '2026-11-26', '2026-11-26');
    expect(filled).toHaveLength(24);
    expect(filled[0]).toEqual({ period: '2026-11-26T00', pageviews: 0, visitors: 0 });
    expect(filled[9]).toEqual({ period: '2026-11-26T09', pageviews: 3, visitors: 1 });
  });

  it('stops at 400 days whatever range is typed', () => {
    expect(fullSeries([], '2020-01-01', '2026-01-01')).toHaveLength(400);
  });
});
