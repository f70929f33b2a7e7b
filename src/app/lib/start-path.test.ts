import { describe, expect, it } from 'vitest';
import { APP_HOME, canonicalStartPath } from './start-path';

describe('the address the app starts at', () => {
  it('takes /app and /app/tabs to the Demo tab', () => {
    for (const path of ['/app', '/app/', '/app/tabs', '/app/tabs/']) expect(canonicalStartPath(path)).toBe(APP_HOME);
  });

  it('leaves every other address alone', () => {
    for (const path of ['/app/tabs/home', '/app/tabs/schedule', '/application', '/login', '/tutorial', '/'])
      expect(canonicalStartPath(path)).toBe(path);
  });
});
