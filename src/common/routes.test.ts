import { describe, expect, it } from 'vitest';
import { isAppPath, isSitePath, trimTrailingSlashes } from './routes';

describe('trimTrailingSlashes', () => {
  it.each([
    ['/', '/'],
    ['//', '/'],
    ['/about/', '/about'],
    ['/about///', '/about'],
    ['/about', '/about'],
    ['', ''],
  ])('%j -> %j', (input, output) => {
    expect(trimTrailingSlashes(input)).toBe(output);
  });

  it('handles a long run of slashes in one pass (a trailing-slash pattern is quadratic there)', () => {
    const hostile = `${'/'.repeat(60_000)}a`;
    const started = performance.now();
    expect(trimTrailingSlashes(hostile)).toBe(hostile);
    expect(isSitePath(hostile)).toBe(false);
    expect(isAppPath(hostile)).toBe(false);
    expect(performance.now() - started).toBeLessThan(250);
  });
});

describe('the staff console', () => {
  it.each(['/admin', '/admin/', '/admin/inbox', '/admin/content/services/new', '/admin/setupx'])('%s is the app', (path) => {
    expect(isAppPath(path)).toBe(true);
  });
  it.each(['/admin/setup', '/admin/setup/', '/administrator'])('%s is not (the server answers it)', (path) => {
    expect(isAppPath(path)).toBe(false);
  });
});
