import { createHash } from 'node:crypto';

/**
 * Content changes rarely (an editor, not a visitor, changes it), so clients may reuse a copy for
 * a minute and then revalidate with If-None-Match, which costs a 304 with no body.
 */
export const CONTENT_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/** A strong ETag for a JSON body: the same content always gives the same tag on every instance. */
export function etagFor(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** True when an If-None-Match header names this ETag (or is "*"), so a 304 is the answer. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((part) => part.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === '*' || candidate === etag);
}
