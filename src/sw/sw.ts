/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  CACHE_NAMES,
  isAppShellNavigation,
  isCacheableApiRead,
  isSitePageNavigation,
  isSkipWaitingMessage,
  type RequestFacts,
  SITE_NETWORK_TIMEOUT_SECONDS,
  sitePagesToKeepOnActivate,
} from './rules';

declare const self: ServiceWorkerGlobalScope;

function factsOf(request: Request, url: URL): RequestFacts {
  return {
    method: request.method,
    pathname: url.pathname,
    origin: url.origin,
    selfOrigin: self.location.origin,
    mode: request.mode,
    hasAuthorization: request.headers.has('Authorization'),
    bypassCache: request.cache === 'no-cache' || request.cache === 'no-store' || request.cache === 'reload',
  };
}

// The build (vite-plugin-pwa) replaces self.__WB_MANIFEST with every hashed chunk, the app's
// index.html, the site's script and styles, the icons and the manifest.
// `/` is the site's landing page, rendered by the server: it must never be answered with the
// app's index.html (Workbox's default directory index), nor /about with an about.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// The app's routes are one single-page app: every one of them opens from the precached shell,
// offline too. Matched on the path alone so /movie-example?title=... is covered as well.
const appShell = createHandlerBoundToURL('index.html');
registerRoute(({ request, url }) => isAppShellNavigation(factsOf(request, url)), appShell);

// The site's pages are rendered by the server with fresh content: ask the network, keep the
// last copy of each page seen so it opens offline.
const sitePages = new NetworkFirst({
  cacheName: CACHE_NAMES.sitePages,
  networkTimeoutSeconds: SITE_NETWORK_TIMEOUT_SECONDS,
  // The server varies site pages on Cookie (dark mode); the worker's requests carry no cookie
  // header it can see, so Vary would only make every lookup miss.
  matchOptions: { ignoreVary: true },
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 60 })],
});
registerRoute(({ request, url }) => isSitePageNavigation(factsOf(request, url)), sitePages);

// The first install takes the open pages at once so they work offline without a reload, but
// only after their copies are stored: a controlled page is a page that opens offline.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const urls = sitePagesToKeepOnActivate(
        windows.map((client) => client.url),
        self.location.origin,
      );
      // Best effort: a page that cannot be fetched now is simply cached on its next visit.
      await Promise.all(urls.map((url) => sitePages.handle({ event, request: new Request(url) }).catch(() => undefined)));
      await self.clients.claim();
    })(),
  );
});

// Public content from /api: show the last answer at once and refresh it behind the scenes.
registerRoute(
  ({ request, url }) => isCacheableApiRead(factsOf(request, url)),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.api,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 })],
  }),
);
// Everything else, /identity/* and any request with an Authorization header included, goes
// to the network untouched and is never stored.

// A new version waits until the user chooses Reload in the update toast (docs/pwa.md).
self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});
