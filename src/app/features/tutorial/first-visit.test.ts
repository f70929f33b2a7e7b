import { describe, expect, it } from 'vitest';
import { shouldShowTutorial } from './first-visit';

describe('first-visit tutorial', () => {
  it('shows the tutorial to a first-time visitor of the app area', () => {
    expect(shouldShowTutorial('/app/tabs/home', null)).toBe(true);
    expect(shouldShowTutorial('/app/tabs/minesweeper', undefined)).toBe(true);
    expect(shouldShowTutorial('/app', null)).toBe(true);
    expect(shouldShowTutorial('/home', null)).toBe(true);
  });

  it('never shows it again once seen', () => {
    expect(shouldShowTutorial('/app/tabs/home', true)).toBe(false);
    expect(shouldShowTutorial('/home', 'true')).toBe(false);
  });

  it('leaves other pages alone', () => {
    for (const path of [
      '/tutorial',
      '/login',
      '/signup',
      '/account',
      '/charts-and-graphs',
      '/video-example/2024',
      '/movie-example',
      '/apple',
    ]) {
      expect(shouldShowTutorial(path, null)).toBe(false);
    }
  });
});
