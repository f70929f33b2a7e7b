import type { BrowserContext, Page } from '@playwright/test';

/**
 * Marks the tutorial as seen before any page script runs, the way the app itself records it
 * (device storage: IndexedDB, database "northwind", store "_ionickv"), so
 * a test that opens the app area on a fresh browser lands on the page it asked for instead of
 * the first-visit tutorial. IndexedDB serves open requests in order, so this write completes
 * before the app's own first read.
 */
export async function markTutorialSeen(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const request = indexedDB.open('northwind', 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore('_ionickv');
      // The database as @ionic/storage (localforage) left it on devices before idb-keyval (decision 0500):
      // the app must read what such a device kept.
      request.result.createObjectStore('local-forage-detect-blob-support');
    };
    request.onsuccess = () => {
      const db = request.result;
      const transaction = db.transaction('_ionickv', 'readwrite');
      transaction.objectStore('_ionickv').put(true, 'hasSeenTutorial');
      transaction.oncomplete = () => db.close();
    };
  });
}

/** Reads one key of the app's device storage. */
export function readDeviceStorage(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (name) =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('northwind');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('_ionickv')) {
            db.close();
            resolve(null);
            return;
          }
          const get = db.transaction('_ionickv', 'readonly').objectStore('_ionickv').get(name);
          get.onsuccess = () => {
            db.close();
            resolve(get.result ?? null);
          };
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
}
