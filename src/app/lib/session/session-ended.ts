import { useSyncExternalStore } from 'react';

// Small and free of the auth modules on purpose: the app's first screen carries it (the notice).

/**
 * Why the server ended this browser's session, when it did (a disabled account, sessions ended
 * by an administrator). Kept in localStorage so every tab of the browser can say it, not only the
 * one whose refresh heard the answer; cleared at the next sign-in or when the person dismisses it.
 */
const ENDED_KEY = 'northwind.auth.ended';
const listeners = new Set<() => void>();
let reason: string | null = read();

function read(): string | null {
  try {
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(ENDED_KEY);
    return stored && stored.length <= 64 ? stored : null;
  } catch {
    return null;
  }
}

function set(next: string | null): void {
  reason = next;
  try {
    if (next) localStorage.setItem(ENDED_KEY, next);
    else localStorage.removeItem(ENDED_KEY);
  } catch {
    // Storage refused: this tab still says it.
  }
  for (const listener of [...listeners]) listener();
}

/** The server ended the session with this auth client code (one that signs out). */
export function noteSessionEnded(code: string): void {
  set(code);
}

export const clearSessionEnded = () => {
  if (reason) set(null);
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== ENDED_KEY && event.key !== null) return;
    reason = read();
    for (const listener of [...listeners]) listener();
  });
}

/** The code of the last session the server ended, until dismissed or the next sign-in. */
export function useSessionEnded(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reason,
    () => null,
  );
}
