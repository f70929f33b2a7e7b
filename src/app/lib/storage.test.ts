import { describe, expect, it } from 'vitest';
import { LOCAL_PREFIX, localStorageBackend } from './storage';

/** A Storage over a Map, with the three methods the fallback uses. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('device storage without IndexedDB', () => {
  it("keeps values under @ionic/storage's localStorage keys, as JSON", async () => {
    const storage = memoryStorage();
    const backend = localStorageBackend(storage);
    await backend.set('favoriteMovies:guest', ['Alien', 'Heat']);
    expect(storage.items.get(`${LOCAL_PREFIX}favoriteMovies:guest`)).toBe('["Alien","Heat"]');
    expect(await backend.get('favoriteMovies:guest')).toEqual(['Alien', 'Heat']);
    await backend.remove('favoriteMovies:guest');
    expect(await backend.get('favoriteMovies:guest')).toBeNull();
  });

  it('reads what @ionic/storage wrote there, and treats an unreadable value as missing', async () => {
    const storage = memoryStorage();
    storage.items.set('northwind/_ionickv/hasSeenTutorial', 'true');
    storage.items.set('northwind/_ionickv/email', '{not json');
    const backend = localStorageBackend(storage);
    expect(await backend.get('hasSeenTutorial')).toBe(true);
    expect(await backend.get('email')).toBeNull();
  });
});
