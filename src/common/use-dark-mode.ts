import { useCallback, useSyncExternalStore } from 'react';
import { isDarkModeActive, setDarkMode, THEME_CHANGE_EVENT, watchDarkMode } from './theme';

function subscribe(onChange: () => void): () => void {
  window.addEventListener(THEME_CHANGE_EVENT, onChange);
  const stopWatching = watchDarkMode();
  return () => {
    window.removeEventListener(THEME_CHANGE_EVENT, onChange);
    stopWatching();
  };
}

/**
 * The dark-mode setting as React state, shared by both faces. The server (and hydration) sees
 * `false`; the client then reads the class the theme script set before first paint.
 */
export function useDarkMode(): [boolean, (dark: boolean) => void] {
  const dark = useSyncExternalStore(subscribe, isDarkModeActive, () => false);
  const change = useCallback((next: boolean) => setDarkMode(next), []);
  return [dark, change];
}
