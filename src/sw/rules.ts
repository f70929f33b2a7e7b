import { isAppPath, isSitePath, trimTrailingSlashes } from '../common/routes';

/**
 * Which requests the service worker answers, and how. Plain functions of a request's parts so
 * they are tested without a browser; src/sw/sw.ts wires them to Workbox.
 */
export interface RequestFacts {
  method: string;
  /** Same-origin path, e.g. `/api/services`. */
  pathname: string;
  origin: string;
  /** The page's own origin (the service worker's). */
  selfOrigin: string;
  mode: RequestMode | string;
  hasAuthorization: boolean;
  /** The page asked for the network's answer (`cache: 'no-cache'`): a live refetch after a change. */
  bypassCache?: boolean;
}

/**
 * Endpoints whose answer must always be fresh: a cached "healthy" would lie, and the live
 * change stream is never a finished answer to keep.
 */
const NEVER_CACHED_API = new Set(['/api/health', '/api/changes']);

const sameOrigin = (facts: RequestFacts) => facts.origin === facts.selfOrigin;

/** A page load of one of the app's routes: answered with the precached app shell. */
export function isAppShellNavigation(facts: RequestFacts): boolean {
  return sameOrigin(facts) && facts.mode === 'navigate' && facts.method === 'GET' && isAppPath(facts.pathname);
}

/** A page load of one of the site's server-rendered pages: network first, the last copy offline. */
export function isSitePageNavigation(facts: RequestFacts): boolean {
  return sameOrigin(facts) && facts.mode === 'navigate' && facts.method === 'GET' && isSitePath(facts.pathname);
}

/**
 * Public API reads: stale-while-revalidate. Never a write, never anything carrying a user's
 * credentials (its answer is that user's), never the identity service, never the health check.
 */
export function isCacheableApiRead(facts: RequestFacts): boolean {
  return (
    sameOrigin(facts) &&
    facts.method === 'GET' &&
    !facts.hasAuthorization &&
    !facts.bypassCache &&
    facts.pathname.startsWith('/api/') &&
    !NEVER_CACHED_API.has(trimTrailingSlashes(facts.pathname))
  );
}

/**
 * Site pages to copy when the worker activates: the landing page, and every site page open
 * in a window right now. Those were loaded before the worker existed, so without this the
 * very first visit would not open offline.
 */
export function sitePagesToKeepOnActivate(windowUrls: readonly string[], selfOrigin: string): string[] {
  const keep = new Set<string>(['/']);
  for (const href of windowUrls) {
    const url = new URL(href);
    if (url.origin === selfOrigin && isSitePath(url.pathname)) keep.add(`${url.pathname}${url.search}`);
  }
  return [...keep];
}

/** Messages a page may send to the service worker. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING_MESSAGE;
}

/** Cache names, versioned so a change of format can drop old caches. */
export const CACHE_NAMES = {
  sitePages: 'northwind-site-pages-v1',
  api: 'northwind-api-v1',
} as const;

/** How long the network may take before a cached site page is shown instead (the offline cap). */
export const SITE_NETWORK_TIMEOUT_SECONDS = 5;
