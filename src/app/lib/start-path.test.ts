import { describe, expect, it } from 'vitest';
import { MOVIE_LIST_PATH } from '../../common/movie-view';
import { canonicalStartPath, signInFirst } from './start-path';

describe('the address the app starts at', () => {
  it('takes /app and /app/tabs to the Demo tab', () => {
    for (const path of ['/app', '/app/', '/app/tabs', '/app/tabs/']) expect(canonicalStartPath(path)).toBe(MOVIE_LIST_PATH);
  });

  it('leaves every other address alone', () => {
    for (const path of ['/app/tabs/home', '/app/tabs/schedule', '/application', '/login', '/tutorial', '/'])
      expect(canonicalStartPath(path)).toBe(path);
  });
});

describe('the staff console opened by someone not signed in', () => {
  it('starts at its login, with the way back', () => {
    expect(signInFirst('/admin', '', false)).toBe('/login?next=%2Fadmin');
    expect(signInFirst('/admin/inbox/7', '?filter=new', false)).toBe('/login?next=%2Fadmin%2Finbox%2F7%3Ffilter%3Dnew');
  });

  it('opens as asked for someone signed in, and anywhere else', () => {
    expect(signInFirst('/admin', '', true)).toBeNull();
    for (const path of ['/app/tabs/home', '/login', '/administrator', '/account']) expect(signInFirst(path, '', false)).toBeNull();
  });

  it('lets an invitation be opened by someone without an account yet', () => {
    expect(signInFirst('/admin/invitation', '', false)).toBeNull();
  });
});
