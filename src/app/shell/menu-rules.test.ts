import { describe, expect, it } from 'vitest';
import { appMenuDisabledAt } from './menu-rules';

describe('appMenuDisabledAt', () => {
  it('is off in the staff console and on the tutorial', () => {
    for (const path of ['/admin', '/admin/users', '/tutorial']) expect(appMenuDisabledAt(path)).toBe(true);
  });

  it('is on everywhere else in the app', () => {
    for (const path of ['/app/tabs/home', '/login', '/account', '/tutorials', '/home', '/administrator']) {
      expect(appMenuDisabledAt(path)).toBe(false);
    }
  });
});
