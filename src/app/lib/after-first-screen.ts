import { useEffect, useRef } from 'react';

/**
 * Work that no first screen needs (the session watch, device storage's reconciliation with the
 * session, the live stream, the service worker, the speed figures for Insights) waits until the
 * first screen is drawn: the first page loaded on demand has mounted, which is after its paint,
 * and a page whose content comes from an answer (the Demo list) has drawn that answer
 * (`useHoldFirstScreen`). The `load` event came too early for this: it fires before the route's
 * own chunk has arrived on a slow phone, so that work's files were fetched before the first
 * screen and slowed it (decision 0500). Should no page ever mount (an address the app leaves at
 * once), the work still runs a few seconds after `load`; a hold ends by itself after a while.
 */
const FALLBACK_AFTER_LOAD_MS = 3000;
export const HOLD_LIMIT_MS = 8000;
const IDLE_LIMIT_MS = 2000;
export const IDLE_FALLBACK_MS = 50;
const SHOWN_LIMIT_MS = 2000;

let drawn = false;
let mounted = false;
let holds = 0;
const waiting: (() => void)[] = [];

export function afterFirstScreen(task: () => void): void {
  if (drawn && waiting.length === 0) setTimeout(task, 0);
  else waiting.push(task);
}

/** The browser's next idle moment: the frames that draw the screen's rows come first. */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: IDLE_LIMIT_MS });
  else setTimeout(work, IDLE_FALLBACK_MS);
}

/**
 * Calls `done` two frames after no page is left invisible (or after `SHOWN_LIMIT_MS`): a page
 * mounts at opacity 0 and Ionic shows it on a later frame, when its entering transition starts,
 * and only then is it painted. Work started at mount time still came before the first paint.
 */
function whenPagesShown(done: () => void): void {
  if (typeof document === 'undefined' || typeof requestAnimationFrame !== 'function') return done();
  const limit = Date.now() + SHOWN_LIMIT_MS;
  const check = () => {
    if (document.querySelector('.ion-page-invisible') && Date.now() < limit) requestAnimationFrame(check);
    else requestAnimationFrame(() => requestAnimationFrame(done));
  };
  check();
}

function settle(): void {
  if (drawn || !mounted || holds > 0) return;
  drawn = true;
  whenPagesShown(() =>
    whenIdle(() => {
      for (const task of waiting.splice(0)) task();
    }),
  );
}

/**
 * Called once the first page has mounted (lazy-page.tsx); later calls do nothing. Decided on the
 * next turn, so a page that holds the signal from its own effects (run in the same commit) is
 * waited for.
 */
export function firstScreenDrawn(): void {
  if (mounted) return;
  mounted = true;
  setTimeout(settle, 0);
}

/** Whether the first screen is over: drawn, or given up waiting for (the work above then runs). */
export function firstScreenOver(): boolean {
  return drawn;
}

/** Keeps the first screen "not drawn yet" until the returned function is called (or the limit). */
export function holdFirstScreen(): () => void {
  if (drawn) return () => undefined;
  holds += 1;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(limit);
    holds -= 1;
    setTimeout(settle, 0);
  };
  const limit = setTimeout(release, HOLD_LIMIT_MS);
  return release;
}

/**
 * For a page whose first screen is its data: holds the signal while `ready` is false, and until
 * two frames after it turns true (the frame that draws the data has then been painted).
 */
export function useHoldFirstScreen(ready: boolean): void {
  const release = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!ready && !release.current) release.current = holdFirstScreen();
    if (!ready || !release.current) return;
    const done = release.current;
    let frame = requestAnimationFrame(() => (frame = requestAnimationFrame(done)));
    return () => cancelAnimationFrame(frame);
  }, [ready]);
  useEffect(() => () => release.current?.(), []);
}

if (typeof window !== 'undefined') {
  const fallback = () =>
    setTimeout(() => {
      mounted = true;
      settle();
    }, FALLBACK_AFTER_LOAD_MS);
  if (document.readyState === 'complete') fallback();
  else window.addEventListener('load', fallback, { once: true });
}
