// The registration: main.tsx loads this file after the first screen (what the first screen needs of
// the service worker, the version and the update toast's state, is app-update.ts).
import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_REGISTER_TIMEOUT_MS } from '../../common/constants';
import { registration, setUpdateAvailable } from './app-update';

export const SERVICE_WORKER_URL = '/sw.js';
/** The catalogue's wording for a failed registration, followed by the error itself. */
export const REGISTRATION_FAILED_MESSAGE = 'Service worker registration failed with:';
/** A long-lived tab asks for a new version this often (and whenever it becomes visible again). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * 'registerWhenStable:30000': resolves when the app is stable, or when `timeoutMs`
 * has passed if it never becomes stable (a page that keeps polling), whichever comes first.
 * Resolves with what happened, for the log and the tests.
 */
export function whenStableOrTimeout(
  stable: Promise<unknown>,
  timeoutMs: number,
  timers: Timers = realTimers,
): Promise<'stable' | 'timeout'> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (reason: 'stable' | 'timeout') => {
      if (settled) return;
      settled = true;
      timers.clearTimeout(handle);
      resolve(reason);
    };
    const handle = timers.setTimeout(() => finish('timeout'), timeoutMs);
    // A failing "stable" signal still means we should register, just not before the deadline.
    stable.then(
      () => finish('stable'),
      () => undefined,
    );
  });
}

/**
 * The app counts as stable once the document has loaded and the browser has had an idle
 * moment after it: the first page's chunks are in and rendered, so the worker's precaching
 * does not compete with the first screen.
 */
export function appStable(win: Window = window): Promise<void> {
  const idle = () =>
    new Promise<void>((resolve) => {
      if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => resolve());
      else win.setTimeout(resolve, 200);
    });
  if (win.document.readyState === 'complete') return idle();
  return new Promise<void>((resolve) => win.addEventListener('load', () => void idle().then(resolve), { once: true }));
}

/**
 * Registers the service worker once the app is stable (or after 30 s) and reports a waiting
 * new version to the update toast. Without service worker support, or when registration
 * fails, the app simply runs from the network.
 */
export async function registerServiceWorker(options: { timeoutMs?: number } = {}): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await whenStableOrTimeout(appStable(), options.timeoutMs ?? SERVICE_WORKER_REGISTER_TIMEOUT_MS);
  try {
    const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
    registration.workbox = workbox;
    // Fires for a version found now and for one already waiting from an earlier visit.
    workbox.addEventListener('waiting', () => setUpdateAvailable(true));
    await workbox.register({ immediate: true });
    const check = () => void workbox.update().catch(() => undefined);
    window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check();
    });
  } catch (error) {
    registration.workbox = null;
    console.error(REGISTRATION_FAILED_MESSAGE, error);
  }
}

/**
 * The toast's Reload: lets the waiting worker take over, then reloads the page exactly once
 * when it controls the page. With nothing waiting any more (another tab already activated it)
 * a plain reload shows the new version.
 */
export function activateUpdate(reload: () => void = () => window.location.reload()): void {
  const workbox = registration.workbox;
  setUpdateAvailable(false);
  if (!workbox || !navigator.serviceWorker) {
    reload();
    return;
  }
  let reloaded = false;
  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };
  workbox.addEventListener('controlling', reloadOnce);
  void navigator.serviceWorker.getRegistration().then((registration) => {
    if (registration?.waiting) workbox.messageSkipWaiting();
    else reloadOnce();
  });
}
