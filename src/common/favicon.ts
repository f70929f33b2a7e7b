/**
 * The icon (public/favicon.svg) written into each page's head, so no page asks the server for
 * it: as a file it was a request of its own on every first screen, and, revalidated, on every
 * page view after, about 2 KB of headers for 238 bytes. The app shell (index.html) carries the
 * same text; favicon.test.ts keeps the three the same. The file stays for anything that asks
 * for /favicon.svg by name.
 */
export const FAVICON_DATA_URL =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='9' fill='%231f5eff'/%3E%3Cpath d='M9 24V9l14 15V9' fill='none' stroke='%23fff' stroke-width='3.2' stroke-linecap='round' stroke-linejoin='round'/%3E%3C/svg%3E";
