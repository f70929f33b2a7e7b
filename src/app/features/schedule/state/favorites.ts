import { useEffect, useSyncExternalStore } from 'react';
import { getItem, setItem } from '../../../lib/storage';

/**
 * Favourite activities, kept on the device so they survive a reload, and shared by the list and
 * the detail page (a tiny external store rather than a context: two pages, one value).
 */
const KEY = 'scheduleFavorites';
let favorites: ReadonlySet<string> = new Set();
let loaded: Promise<void> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function load(): Promise<void> {
  loaded ??= getItem<string[]>(KEY).then((stored) => {
    if (Array.isArray(stored)) favorites = new Set(stored.filter((id) => typeof id === 'string'));
    emit();
  });
  return loaded;
}

export async function toggleFavorite(id: string): Promise<boolean> {
  await load();
  const next = new Set(favorites);
  const added = !next.has(id);
  if (added) next.add(id);
  else next.delete(id);
  favorites = next;
  emit();
  await setItem(KEY, [...next]);
  return added;
}

export function useFavorites(): ReadonlySet<string> {
  useEffect(() => {
    void load();
  }, []);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => favorites,
  );
}
