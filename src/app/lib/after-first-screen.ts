/**
 * Work that no first screen needs (the session watch, device storage's reconciliation with the
 * session) waits until the first screen is drawn: the first page loaded on demand has mounted,
 * which is after its paint. The `load` event came too early for this: it fires before the
 * route's own chunk has arrived on a slow phone, so that work's files were fetched before the
 * first screen and slowed it (decision 0540). Should no page ever mount (an address the app
 * leaves at once), the work still runs a few seconds after `load`.
 */
const FALLBACK_AFTER_LOAD_MS = 3000;

let drawn = false;
const waiting: (() => void)[] = [];

export function afterFirstScreen(task: () => void): void {
  if (drawn) setTimeout(task, 0);
  else waiting.push(task);
}

/** Called once the first page is on screen (lazy-page.tsx); later calls do nothing. */
export function firstScreenDrawn(): void {
  if (drawn) return;
  drawn = true;
  for (const task of waiting.splice(0)) setTimeout(task, 0);
}

if (typeof window !== 'undefined') {
  const fallback = () => setTimeout(firstScreenDrawn, FALLBACK_AFTER_LOAD_MS);
  if (document.readyState === 'complete') fallback();
  else window.addEventListener('load', fallback, { once: true });
}
