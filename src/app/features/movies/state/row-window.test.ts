import { describe, expect, it } from 'vitest';
import { centredScrollTop, rowWindow } from './row-window';

const base = { scrollTop: 0, viewportHeight: 680, listTop: 0, rowHeight: 68, count: 10_000, overscan: 6 };

describe('row window', () => {
  it('draws the rows in view and the overscan below them at the top of the list', () => {
    expect(rowWindow(base)).toEqual({ first: 0, end: 16 });
  });

  it('draws the overscan on both sides in the middle of the list', () => {
    // Rows 100 to 109 are in view (6800 to 7480 px).
    expect(rowWindow({ ...base, scrollTop: 6800 })).toEqual({ first: 94, end: 116 });
    // A row half in view counts.
    expect(rowWindow({ ...base, scrollTop: 6834 })).toEqual({ first: 94, end: 117 });
  });

  it('never goes past the last row', () => {
    expect(rowWindow({ ...base, scrollTop: 68 * 9_995 })).toEqual({ first: 9_989, end: 10_000 });
    expect(rowWindow({ ...base, count: 3 })).toEqual({ first: 0, end: 3 });
  });

  it('counts the content above the list', () => {
    // The list starts 120 px down: scrolled 120 px, its first row is at the top of the view.
    expect(rowWindow({ ...base, listTop: 120, scrollTop: 120, overscan: 0 })).toEqual({ first: 0, end: 10 });
    // Not yet scrolled: the view shows 560 px of the list.
    expect(rowWindow({ ...base, listTop: 120, overscan: 0 })).toEqual({ first: 0, end: 9 });
    // The list below the view altogether draws nothing but its overscan.
    expect(rowWindow({ ...base, listTop: 2000, overscan: 2 })).toEqual({ first: 0, end: 2 });
  });

  it('draws nothing for an empty list or a meaningless size', () => {
    expect(rowWindow({ ...base, count: 0 })).toEqual({ first: 0, end: 0 });
    expect(rowWindow({ ...base, rowHeight: 0 })).toEqual({ first: 0, end: 0 });
    expect(rowWindow({ ...base, viewportHeight: -5, overscan: 0 })).toEqual({ first: 0, end: 0 });
  });

  it('centres a row in the view, and never scrolls above the top', () => {
    expect(centredScrollTop(100, 680, 0, 68)).toBe(6800 - 306);
    expect(centredScrollTop(100, 680, 120, 68)).toBe(6920 - 306);
    expect(centredScrollTop(1, 680, 0, 68)).toBe(0);
  });
});
