/**
 * One dark-mode setting for both faces of the product. It lives in localStorage (not the
 * async device storage) so a tiny inline script can apply it before first paint.
 */
export const DARK_MODE_KEY = 'darkMode';
export const DARK_CLASS = 'ion-palette-dark';
export const THEME_CHANGE_EVENT = 'themechange';

/**
 * Runs inline in <head> before anything paints. Kept tiny and dependency-free; the server's
 * Content-Security-Policy allows exactly this text by its hash.
 */
export const THEME_INIT_SCRIPT = `(function(){try{var s=localStorage.getItem('${DARK_MODE_KEY}');var d=s===null?matchMedia('(prefers-color-scheme: dark)').matches:s==='true';var e=document.documentElement;e.classList.toggle('${DARK_CLASS}',d);e.style.colorScheme=d?'dark':'light';}catch(_){}})();`;

/** The user's explicit choice, or null while they follow the system preference. */
export function readStoredDarkMode(): boolean | null {
  try {
    const stored = localStorage.getItem(DARK_MODE_KEY);
    return stored === null ? null : stored === 'true';
  } catch {
    return null;
  }
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function isDarkModeActive(): boolean {
  return document.documentElement.classList.contains(DARK_CLASS);
}

export function applyDarkMode(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle(DARK_CLASS, dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  window.dispatchEvent(new CustomEvent(THEME_CHANGE_EVENT, { detail: { dark } }));
}

/** Records the user's choice and applies it. */
export function setDarkMode(dark: boolean): void {
  try {
    localStorage.setItem(DARK_MODE_KEY, String(dark));
  } catch {
    // Private mode without storage: the choice still applies to this page.
  }
  applyDarkMode(dark);
}

/**
 * Keeps the page in step with the setting: another tab's choice (storage event) and, while the
 * user has not chosen, the system preference. Returns an unsubscribe function.
 */
export function watchDarkMode(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== DARK_MODE_KEY) return;
    applyDarkMode(event.newValue === null ? systemPrefersDark() : event.newValue === 'true');
  };
  const media = matchMedia('(prefers-color-scheme: dark)');
  const onSystem = () => {
    if (readStoredDarkMode() === null) applyDarkMode(media.matches);
  };
  window.addEventListener('storage', onStorage);
  media.addEventListener('change', onSystem);
  return () => {
    window.removeEventListener('storage', onStorage);
    media.removeEventListener('change', onSystem);
  };
}
