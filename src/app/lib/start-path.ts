import { isConsolePath, MOVIE_LIST_PATH } from '../../common/routes';

const INVITATION_PATH = '/admin/invitation';

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

/**
 * Where a visitor who is not signed in starts when opening the staff console: its login, with the
 * way back (`/login?next=...`, as the console's own pages send them), before the first render.
 * Else the console's code loaded, and its page mounted, only to send them there (the login was
 * drawn at 3.1 s on a phone instead of Login's 1.7 s). Null where the app starts as asked.
 */
export function signInFirst(pathname: string, search: string, signedIn: boolean): string | null {
  // An invitation is opened by someone who has no account yet: its page is theirs to see.
  if (signedIn || !isConsolePath(pathname) || pathname === INVITATION_PATH) return null;
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}
