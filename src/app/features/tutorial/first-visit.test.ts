import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstVisitStart, shouldShowTutorial, tutorialDestination, tutorialReturnPath, type TutorialFlagSource } from './first-visit';

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

  it('goes to the Demo tab otherwise', () => {
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

describe('where the app starts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const flag = (value: unknown, overrides: Partial<TutorialFlagSource> = {}): TutorialFlagSource => ({
    remembered: () => false,
    read: () => Promise.resolve(value),
    ...overrides,
  });

  it('sends a first-time visitor of the app area to the tutorial, keeping a Demo-tab view', async () => {
    expect(await firstVisitStart('/app/tabs/home', '', flag(null))).toBe('/tutorial');
    expect(await firstVisitStart('/home', '', flag(undefined))).toBe('/tutorial');
    expect(await firstVisitStart('/app/tabs/home', '?search=star', flag(null))).toBe(
      `/tutorial?next=${encodeURIComponent('/app/tabs/home?search=star')}`,
    );
  });

  it('starts where the visitor arrived once the tutorial was seen', async () => {
    expect(await firstVisitStart('/app/tabs/home', '', flag(true))).toBeNull();
  });

  it('trusts the copy that reads at once without reading device storage', async () => {
    const read = vi.fn(() => Promise.resolve(null));
    expect(await firstVisitStart('/app/tabs/home', '', flag(null, { remembered: () => true, read }))).toBeNull();
    expect(read).not.toHaveBeenCalled();
  });

  it('does not read storage for pages reached for a purpose', async () => {
    const read = vi.fn(() => Promise.resolve(null));
    expect(await firstVisitStart('/charts-and-graphs', '', flag(null, { read }))).toBeNull();
    expect(read).not.toHaveBeenCalled();
  });

  it('starts where the visitor arrived when storage fails or does not answer in time', async () => {
    expect(await firstVisitStart('/app/tabs/home', '', flag(null, { read: () => Promise.reject(new Error('blocked')) }))).toBeNull();
    vi.useFakeTimers();
    const pending = firstVisitStart('/app/tabs/home', '', flag(null, { read: () => new Promise(() => {}) }), 1500);
    await vi.advanceTimersByTimeAsync(1499);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeNull();
  });
});
