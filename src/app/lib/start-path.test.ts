import { describe, expect, it } from 'vitest';
import { MOVIE_LIST_PATH } from '../../common/movie-view';
import { canonicalStartPath } from './start-path';

describe('the address the app starts at', () => {
  it('takes /app and /app/tabs to the Demo tab', () => {
    for (const path of ['/app', '/app/', '/app/tabs', '/app/tabs/']) expect(canonicalStartPath(path)).toBe(MOVIE_LIST_PATH);
  });

  it('leaves every other address alone', () => {
    for (const path of ['/app/tabs/home', '/app/tabs/schedule', '/application', '/login', '/tutorial', '/'])
      expect(canonicalStartPath(path)).toBe(path);
  });
});
