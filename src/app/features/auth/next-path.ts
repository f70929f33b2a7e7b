/**
 * Where to go after login or signup: `?next=` when it is a path on this site (one leading
 * '/', not '//' or '/\', which browsers treat as another host), else the demo home.
 */
export const DEFAULT_NEXT = '/app/tabs/home';

export function safeNextPath(raw: string | null | undefined): string {
  if (!raw) return DEFAULT_NEXT;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return DEFAULT_NEXT;
  // Control characters (tabs, newlines) are stripped by URL parsers and could hide a '//'.
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return DEFAULT_NEXT;
  try {
    const url = new URL(raw, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return DEFAULT_NEXT;
    // Back to the pages that sent the user here would only loop.
    if (['/login', '/signup', '/forgot-password'].includes(url.pathname)) return DEFAULT_NEXT;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_NEXT;
  }
}

/** `/login?next=...` for a page that needs a signed-in user. */
export function loginPathFor(next: string, page: '/login' | '/signup' = '/login'): string {
  return `${page}?next=${encodeURIComponent(next)}`;
}
