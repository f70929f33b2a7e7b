import { MOVIE_LIST_PATH } from '../../common/routes';

const ALIASES = new Set(['/app', '/app/', '/app/tabs', '/app/tabs/']);

/**
 * The address the app should start at when opened at `pathname`: `/app` and `/app/tabs` become
 * the Demo tab (the movie list) before the first render. The routes' own redirects
 * (`<Navigate>`) stay for navigation inside the app, but a redirect while the first page mounts
 * races Ionic's first page transition under Preact and could leave a blank page on a slow device
 * (decision 0520).
 */
export function canonicalStartPath(pathname: string): string {
  return ALIASES.has(pathname) ? MOVIE_LIST_PATH : pathname;
}
