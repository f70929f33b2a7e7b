import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { getItem, setItem } from '../../../lib/storage';

/**
 * Favourite movies, kept on the device (they survive a reload) per signed-in user, or
 * under 'guest' for someone not signed in. One store for the whole app, so the star on the
 * movie page and the list agree.
 */
export const GUEST = 'guest';

export function favoritesKey(owner: string): string {
  return `favoriteMovies:${owner}`;
}

const EMPTY: ReadonlySet<string> = new Set();
const cache = new Map<string, ReadonlySet<string>>();
const loading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function load(owner: string): Promise<void> {
  let pending = loading.get(owner);
  if (!pending) {
    pending = getItem<string[]>(favoritesKey(owner))
      .then((titles) => {
        // A toggle made while loading already wrote the newer set; keep it.
        if (!cache.has(owner)) cache.set(owner, new Set(Array.isArray(titles) ? titles : []));
        emit();
      })
      .catch(() => {
        if (!cache.has(owner)) cache.set(owner, new Set());
        emit();
      });
    loading.set(owner, pending);
  }
  return pending;
}

/** Adds or removes a favourite and saves the set; resolves with whether it is now a favourite. */
export async function toggleFavorite(owner: string, title: string): Promise<boolean> {
  await load(owner);
  const next = new Set(cache.get(owner) ?? EMPTY);
  const nowFavorite = !next.has(title);
  if (nowFavorite) next.add(title);
  else next.delete(title);
  cache.set(owner, next);
  emit();
  await setItem(favoritesKey(owner), [...next]);
  return nowFavorite;
}

export interface Favorites {
  titles: ReadonlySet<string>;
  /** False until the device storage has answered. */
  ready: boolean;
  toggle: (title: string) => Promise<boolean>;
}

/** `owner` is null while the auth session is still being read: nothing to show yet. */
export function useFavorites(owner: string | null): Favorites {
  useEffect(() => {
    if (owner !== null) void load(owner);
  }, [owner]);
  const titles = useSyncExternalStore(subscribe, () => (owner === null ? EMPTY : (cache.get(owner) ?? EMPTY)));
  const ready = useSyncExternalStore(subscribe, () => owner !== null && cache.has(owner));
  const toggle = useCallback((title: string) => toggleFavorite(owner ?? GUEST, title), [owner]);
  return { titles, ready, toggle };
}
