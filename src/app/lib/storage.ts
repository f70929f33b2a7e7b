import type * as IonicStorage from '@ionic/storage';

/**
 * Device storage: IndexedDB first, then localStorage, through @ionic/storage. Its
 * create() must finish before any use, so every caller goes through `deviceStorage()`.
 * The library (localforage, 9 KB) loads on the first use, not with every first screen: the
 * session lives in localStorage, and Login or Account draw without device storage.
 */
let library: Promise<typeof IonicStorage> | undefined;
let ready: Promise<IonicStorage.Storage> | undefined;

/** The library's download alone, for a caller that times it apart from storage's answers. */
export function loadStorageLibrary(): Promise<typeof IonicStorage> {
  library ??= import('@ionic/storage');
  return library;
}

export function deviceStorage(): Promise<IonicStorage.Storage> {
  ready ??= loadStorageLibrary().then((module) => new module.Storage({ name: 'northwind' }).create());
  return ready;
}

export async function getItem<T>(key: string): Promise<T | null> {
  const storage = await deviceStorage();
  return ((await storage.get(key)) as T | undefined) ?? null;
}

export async function setItem<T>(key: string, value: T): Promise<void> {
  const storage = await deviceStorage();
  await storage.set(key, value);
}

export async function removeItem(key: string): Promise<void> {
  const storage = await deviceStorage();
  await storage.remove(key);
}
