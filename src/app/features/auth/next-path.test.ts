import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT, isConsolePath, loginPathFor, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps same-origin relative paths with their query and hash', () => {
    expect(safeNextPath('/account')).toBe('/account');
    expect(safeNextPath('/app/tabs/home?segment=favorites#top')).toBe('/app/tabs/home?segment=favorites#top');
    expect(safeNextPath('/support')).toBe('/support');
    expect(safeNextPath('/team/ada')).toBe('/team/ada');
  });

  it('keeps the normalised form of a path that stays on a known page', () => {
    expect(safeNextPath('/app/./tabs/../tabs/home')).toBe('/app/tabs/home');
    expect(safeNextPath('/%61ccount')).toBe(DEFAULT_NEXT);
  });

  it.each([
    [null],
    [''],
    ['account'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    ['/login'],
    ['/signup?next=/account'],
    // Each normalises to `//evil.test...`, another host, though the text starts with one '/'.
    ['/.//evil.test/a'],
    ['/..//evil.test/a'],
    ['/%2e//evil.test/a'],
    ['/%2E//evil.test/a'],
    ['/app/..//evil.test/a'],
    ['/./\\evil.test/a'],
    ['/.\\/evil.test/a'],
    ['/app/../..//evil.test'],
    ['/%2e%2e//evil.test'],
    // Not a page of ours.
    ['/no-such-page'],
    ['/%2F%2Fevil.test'],
    ['/api/config'],
  ])('falls back to the demo home for %j', (raw) => {
    expect(safeNextPath(raw)).toBe(DEFAULT_NEXT);
  });

  it('refuses an overlong next without parsing it', () => {
    expect(safeNextPath(`/app/${'a'.repeat(5000)}`)).toBe(DEFAULT_NEXT);
  });

  it('builds the login address that brings the user back', () => {
    expect(loginPathFor('/movie-example?title=Up')).toBe('/login?next=%2Fmovie-example%3Ftitle%3DUp');
    expect(safeNextPath(new URLSearchParams(loginPathFor('/account').split('?')[1]).get('next'))).toBe('/account');
  });
});

describe('isConsolePath', () => {
  it('knows the staff console and nothing that only starts like it', () => {
    expect(isConsolePath('/admin')).toBe(true);
    expect(isConsolePath('/admin/content/services?created=1')).toBe(true);
    expect(isConsolePath('/admin?x=1')).toBe(true);
    expect(isConsolePath('/administration')).toBe(false);
    expect(isConsolePath('/app/tabs/home')).toBe(false);
    expect(isConsolePath(DEFAULT_NEXT)).toBe(false);
  });
});
