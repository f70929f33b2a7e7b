import { EARLY_MOVIE_LIST, requestMovieList } from '../features/movies/api/list-movies';
import { askEarly } from '../lib/early-answers';
import { caseSensitiveToggle } from './case-sensitive-toggle-loader';
import { lazyPage } from './lazy-page';

/**
 * The tabbed area's pages, each its own chunk. Declared apart from the tabs' shell so the app can
 * start a tab page's download together with the shell's (routes.tsx): the shell's chunk does not
 * import them, so otherwise they would load one after the other, a round trip more before a tab
 * opened from outside the tabs (a first screen, the hub's cards) shows.
 */
export const tabPages = {
  home: lazyPage(() => import('../features/movies/pages/movie-list-page')),
  schedule: lazyPage(() =>
    // The schedule's header toggle comes with the page, so the header is complete when it shows.
    Promise.all([import('../features/schedule/pages/schedule-page'), caseSensitiveToggle.preload()]).then(([page]) => page),
  ),
  // One activity of the schedule, kept inside the Schedule tab so back returns to the list.
  activity: lazyPage(() => import('../features/schedule/pages/activity-page')),
  minesweeper: lazyPage(() => import('../features/minesweeper/pages/minesweeper-page')),
};

/** Which tab page an address shows, if any (pure: unit-tested beside). */
export function tabPageAt(pathname: string): keyof typeof tabPages | null {
  const match = /^\/app\/tabs\/(home|schedule|minesweeper)(\/[^/]+)?\/?$/.exec(pathname.slice(0, 200));
  if (!match) return null;
  if (match[2]) return match[1] === 'schedule' ? 'activity' : null;
  return match[1] as 'home' | 'schedule' | 'minesweeper';
}

/**
 * Starts the download of the tab page at `pathname` (the module is fetched once either way) and,
 * for the Demo list, of the movies it is drawn from (lib/early-answers.ts).
 */
export function preloadTabPage(pathname: string): void {
  const page = tabPageAt(pathname);
  // A failed preload is retried by the page's own import, which shows its error.
  if (page) tabPages[page].preload().catch(() => undefined);
  if (page === 'home') askEarly(EARLY_MOVIE_LIST, () => requestMovieList());
}
