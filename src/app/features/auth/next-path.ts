import { isAppPath, isSitePath } from '../../../common/routes';

/**
 * Where to go after login or signup: `?next=` when, once normalised the way the browser will
 * normalise it, it is still a known page of this site; else the demo home.
 *
 * The check is made on the final URL, not on the text given: `/.//evil.test`, `/..//`,
 * `/%2e//`, `/app/..//` and `/./\` all look like one-slash paths but normalise to
 * `//evil.test`, which a browser reads as another host.
 */
export const DEFAULT_NEXT = '/app/tabs/home';

const BASE = 'http://same.invalid';
/** Longer text is refused before it is parsed. */
const MAX_NEXT_LENGTH = 2048;
/** Back to the pages that sent the user here would only loop. */
const AUTH_PAGES = new Set(['/login', '/signup', '/forgot-password']);

export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || raw.length > MAX_NEXT_LENGTH || !raw.startsWith('/')) return DEFAULT_NEXT;
  // Control characters (tabs, newlines) are stripped by URL parsers and could hide a '//'.
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return DEFAULT_NEXT;
  }
  try {
    const url = new URL(raw, BASE);
    const candidate = `${url.pathname}${url.search}${url.hash}`;
    // The result is used as a URL again: it must itself be a one-slash path that resolves to
    // the same place on our origin (`//host` or `/\host` would not).
    if (candidate.startsWith('//') || candidate.includes('\\')) return DEFAULT_NEXT;
    const again = new URL(candidate, BASE);
    if (url.origin !== BASE || again.origin !== BASE || again.pathname !== url.pathname) return DEFAULT_NEXT;
    if (AUTH_PAGES.has(url.pathname)) return DEFAULT_NEXT;
    if (!isAppPath(url.pathname) && !isSitePath(url.pathname)) return DEFAULT_NEXT;
    return candidate;
  } catch {
    return DEFAULT_NEXT;
  }
}

/** `/login?next=...` for a page that needs a signed-in user. */
export function loginPathFor(next: string, page: '/login' | '/signup' = '/login'): string {
  return `${page}?next=${encodeURIComponent(next)}`;
}

/** Whether the page after login is the staff console (the Login page then says so). */
export { isConsolePath } from '../../../common/routes';
