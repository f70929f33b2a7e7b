/**
 * The app's IndexedDB database for live data: `cache` (lists kept for offline starts) and
 * `outbox` (writes waiting to be sent). Raw IndexedDB: two stores do not need a library.
 */
const DB_NAME = 'northwind-live';
export type StoreName = 'cache' | 'outbox';

let opened: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore('cache', { keyPath: 'key' });
      request.result.createObjectStore('outbox', { keyPath: 'key' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB is unavailable'));
  });
  return opened;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

export async function getAll<T>(store: StoreName): Promise<T[]> {
  const db = await open();
  return done(db.transaction(store).objectStore(store).getAll() as IDBRequest<T[]>);
}

export async function get<T>(store: StoreName, key: string): Promise<T | undefined> {
  const db = await open();
  return done(db.transaction(store).objectStore(store).get(key) as IDBRequest<T | undefined>);
}

/** Writes and deletes in one transaction; resolves once it has committed. */
export async function write(store: StoreName, puts: readonly unknown[], deletes: readonly string[] = []): Promise<void> {
  const db = await open();
  const tx = db.transaction(store, 'readwrite');
  const objects = tx.objectStore(store);
  for (const key of deletes) objects.delete(key);
  for (const value of puts) objects.put(value);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
  });
}
