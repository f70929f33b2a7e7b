import { describe, expect, it } from 'vitest';
import { IONIC_REWRITES, rewritesLeftOut } from './rewrites';

describe('rewritesLeftOut', () => {
  it('leaves out nothing by default, the named ones, or all of Ionic’s for the baseline', () => {
    expect(rewritesLeftOut({})).toEqual(new Set());
    expect(rewritesLeftOut({ BUILD_WITHOUT: 'icons, side-effects' })).toEqual(new Set(['icons', 'side-effects']));
    expect(rewritesLeftOut({ IONIC_BASELINE: '1' })).toEqual(new Set(IONIC_REWRITES));
  });

  it('refuses a name it does not know rather than measure today’s build', () => {
    expect(() => rewritesLeftOut({ BUILD_WITHOUT: 'icon' })).toThrow(/no rewrite "icon"/);
  });
});
