/**
 * Which face serves which path. The server uses this to choose between server rendering
 * (site), the app shell (app) and a redirect to `/` (anything else); the app uses it to tell
 * whether a link leaves the single-page app.
 */
export const SITE_PATH_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/landing$/,
  /^\/about$/,
  /^\/team$/,
  /^\/team\/[^/]+$/,
  /^\/support$/,
  /^\/news$/,
  /^\/news\/(?!feed\.xml$)[^/]+$/,
];

export const APP_PATH_PATTERNS: readonly RegExp[] = [
  /^\/app(\/.*)?$/,
  /^\/account$/,
  /^\/login$/,
  /^\/signup$/,
  /^\/forgot-password$/,
  /^\/tutorial$/,
  /^\/home$/,
  /^\/movie-example$/,
  /^\/charts-and-graphs$/,
  /^\/video-example\/[^/]+$/,
  // The staff console; /admin/setup is the server's own page (the first administrator).
  /^\/admin(\/(?!setup$).*)?$/,
];

/**
 * App screens whose first paint waits on `/api/config` (the identity service's key, the sign-in
 * providers): Login and Signup list the providers, Account asks the identity service for the
 * account. Their documents tell the browser to fetch it beside the app's code (decision 0500);
 * a screen that does not read it at once must not be listed, or the browser warns
 * of a preload it fetched for nothing.
 */
export const CONFIG_FIRST_SCREENS: readonly string[] = ['/login', '/signup', '/account'];

/**
 * `pathname` without its trailing slashes (`/` stays `/`). A loop, not `/\/+$/`: that pattern
 * is retried from every slash of a long run of slashes, quadratic in a request path's length.
 */
export function trimTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 47) end -= 1;
  return end === pathname.length ? pathname : pathname.slice(0, end);
}

function normalise(pathname: string): string {
  return trimTrailingSlashes(pathname);
}

export function isSitePath(pathname: string): boolean {
  const path = normalise(pathname);
  return SITE_PATH_PATTERNS.some((pattern) => pattern.test(path));
}

export function isAppPath(pathname: string): boolean {
  const path = normalise(pathname);
  return APP_PATH_PATTERNS.some((pattern) => pattern.test(path));
}

/** The site's pages as links, in header order (Contact Us, About Us, Our Team, Demo). */
export const SITE_NAV_LINKS = [
  { href: '/support', label: 'Contact Us' },
  { href: '/about', label: 'About Us' },
  { href: '/team', label: 'Our Team' },
  { href: '/app/tabs/home', label: 'Demo' },
] as const;

/** Whether a path (with or without its query) is in the staff console, which has a menu and a login wording of its own. */
export function isConsolePath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * The Demo tab, the movie list; its view travels as query parameters (movie-view.ts). Here, not
 * there, so the app's start (start-path.ts) does not carry the list's view rules.
 */
export const MOVIE_LIST_PATH = '/app/tabs/home';
