/**
 * Which responses carry the headers that only a document reads (decision 0620).
 *
 * A browser applies Content-Security-Policy, Permissions-Policy, X-Frame-Options,
 * Cross-Origin-Opener-Policy, Origin-Agent-Cluster and the legacy X-* switches to documents
 * (and a worker's own script) only; on a script, a style sheet, a font or a picture they are
 * bytes sent for nothing, and an app screen loads some thirty such files. The build's hashed
 * files are never documents: a script there is loaded by a page, never navigated to or run as
 * a worker (the service worker is `/sw.js`). An SVG is left out on purpose: opened on its own,
 * it is a document that can run script.
 */
const SUBRESOURCE_EXTENSIONS = new Set([
  'js',
  'css',
  'map',
  'woff2',
  'woff',
  'png',
  'jpg',
  'jpeg',
  'webp',
  'avif',
  'gif',
  'ico',
  'mp4',
  'webm',
]);

/** The longest address this rule looks at; a longer one is treated as a document. */
const MAX_URL_LENGTH = 512;

/** True for a built file under `/assets/` that no browser treats as a document. */
export function isSubresourceUrl(url: string): boolean {
  if (url.length > MAX_URL_LENGTH || !url.startsWith('/assets/')) return false;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const dot = path.lastIndexOf('.');
  if (dot === -1 || path.indexOf('/', dot) !== -1) return false;
  return SUBRESOURCE_EXTENSIONS.has(path.slice(dot + 1).toLowerCase());
}

/**
 * Of Helmet's headers, those that mean something on a subresource: no MIME sniffing, no
 * cross-origin embedding (CORP), and the referrer policy (a style sheet's requests for fonts
 * and pictures follow its own response's policy).
 */
export const SUBRESOURCE_HEADER_NAMES = ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy'] as const;

/** The subset of `headers` a subresource carries. */
export function subresourceHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(SUBRESOURCE_HEADER_NAMES.filter((name) => name in headers).map((name) => [name, headers[name]!]));
}
