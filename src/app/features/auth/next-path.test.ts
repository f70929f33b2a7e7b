import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT, loginPathFor, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps same-origin relative paths with their query and hash', () => {
    expect(safeNextPath('/account')).toBe('/account');
    expect(safeNextPath('/app/tabs/home?segment=favorites#top')).toBe('/app/tabs/home?segment=favorites#top');
    expect(safeNextPath('/support')).toBe('/support');
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
  ])('falls back to the demo home for %j', (raw) => {
    expect(safeNextPath(raw)).toBe(DEFAULT_NEXT);
  });

  it('builds the login address that brings the user back', () => {
    expect(loginPathFor('/movie-example?title=Up')).toBe('/login?next=%2Fmovie-example%3Ftitle%3DUp');
    expect(safeNextPath(new URLSearchParams(loginPathFor('/account').split('?')[1]).get('next'))).toBe('/account');
  });
});
