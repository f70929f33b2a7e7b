import { describe, expect, it } from 'vitest';
import { shouldShowTutorial, tutorialDestination, tutorialReturnPath } from './first-visit';

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

describe('where the tutorial returns to', () => {
  it('keeps the view of a shared Demo-tab link', () => {
    expect(tutorialReturnPath('/app/tabs/home', '?segment=favorites&search=up')).toBe('/app/tabs/home?segment=favorites&search=up');
    expect(tutorialDestination('/app/tabs/home?segment=favorites&search=up')).toBe('/app/tabs/home?segment=favorites&search=up');
  });

  it('goes to the Demo tab otherwise (spec 2)', () => {
    expect(tutorialReturnPath('/app/tabs/home', '')).toBeNull();
    expect(tutorialReturnPath('/app/tabs/minesweeper', '?seed=1')).toBeNull();
    for (const next of [
      null,
      undefined,
      '',
      '/home',
      '/app/tabs/minesweeper',
      '//evil.example/app/tabs/home?x',
      'https://evil.example/',
      '/login',
    ]) {
      expect(tutorialDestination(next)).toBe('/app/tabs/home');
    }
  });
});
