import type { Workbox } from 'workbox-window';

/**
 * What the first screen needs of the service worker: the build's version and whether a new
 * version is waiting (the update toast). The registration itself (service-worker.ts) loads after
 * the first screen and reports here.
 */

/** The version this bundle was built as (APP_VERSION at build time, else package.json's). */
export const APP_VERSION: string = String(import.meta.env.VITE_APP_VERSION ?? 'dev');

type UpdateListener = (available: boolean) => void;

/** The one registration of this page, shared with the update toast. */
export const registration: { workbox: Workbox | null } = { workbox: null };
let updateAvailable = false;
const listeners = new Set<UpdateListener>();

export function setUpdateAvailable(available: boolean): void {
  updateAvailable = available;
  listeners.forEach((listener) => listener(available));
}

export function isUpdateAvailable(): boolean {
  return updateAvailable;
}

export function onUpdateAvailable(listener: UpdateListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
