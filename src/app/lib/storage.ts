import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { STORAGE_KEYS } from '../../common/constants';

/**
 * Device storage: IndexedDB first, then localStorage (decision 0500). idb-keyval (0.6 KB) over
 * the database and store @ionic/storage used ("northwind", "_ionickv"), so what a device kept
 * before is read as it was; the localStorage fallback uses the same keys as @ionic/storage's
 * (localforage's) did, with values as JSON. Small enough to come with the app's start: the
 * first visit's tutorial check and the Demo list's favourites no longer wait for a download.
 */
const DATABASE = 'northwind';
const STORE = '_ionickv';
/** localforage's localStorage key prefix for this database and store. */
export const LOCAL_PREFIX = `${DATABASE}/${STORE}/`;

interface Backend {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Where IndexedDB is missing or refuses to open (some private modes, blocked storage). */
export function localStorageBackend(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): Backend {
  return {
    get: async (key) => {
      const text = storage.getItem(LOCAL_PREFIX + key);
      if (text === null) return null;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    },
    set: async (key, value) => storage.setItem(LOCAL_PREFIX + key, JSON.stringify(value ?? null)),
    remove: async (key) => storage.removeItem(LOCAL_PREFIX + key),
  };
}

function indexedDbBackend(store: UseStore): Backend {
  return {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    remove: (key) => del(key, store),
  };
}

let ready: Promise<Backend> | undefined;

/** The backend, chosen once: IndexedDB when a first read through it works, else localStorage. */
function backend(): Promise<Backend> {
  ready ??= (async () => {
    try {
      const store = createStore(DATABASE, STORE);
      await get(STORAGE_KEYS.hasSeenTutorial, store); // opens the database, or throws where it cannot
      return indexedDbBackend(store);
    } catch {
      return localStorageBackend(window.localStorage);
    }
  })();
  return ready;
}

export async function getItem<T>(key: string): Promise<T | null> {
  const value = (await (await backend()).get(key)) as T | null | undefined;
  return value ?? null;
}

export async function setItem<T>(key: string, value: T): Promise<void> {
  await (await backend()).set(key, value);
}

export async function removeItem(key: string): Promise<void> {
  await (await backend()).remove(key);
}
