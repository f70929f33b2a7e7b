import { useEffect, useState } from 'react';
import { MENU_LOGIN_STATUS_DELAY_MS, STORAGE_KEYS } from '../../../common/constants';
import { getItem } from '../storage';

/** Fired on window whenever login or logout changes `hasLoggedIn` (see the auth session). */
export const LOGIN_STATE_EVENT = 'loginstatechange';

export function announceLoginState(loggedIn: boolean): void {
  window.dispatchEvent(new CustomEvent(LOGIN_STATE_EVENT, { detail: { loggedIn } }));
}

/**
 * Whether someone is logged in, as the menu shows it: read from device storage at
 * start and applied after a 300 ms delay, then kept in step with login and logout.
 */
export function useLoginState(): boolean {
  const [loggedIn, setLoggedIn] = useState(false);
  useEffect(() => {
    let active = true;
    const timer = setTimeout(() => {
      void getItem<boolean>(STORAGE_KEYS.hasLoggedIn).then((value) => {
        if (active) setLoggedIn(value === true);
      });
    }, MENU_LOGIN_STATUS_DELAY_MS);
    const onChange = (event: Event) => setLoggedIn((event as CustomEvent<{ loggedIn: boolean }>).detail.loggedIn);
    window.addEventListener(LOGIN_STATE_EVENT, onChange);
    return () => {
      active = false;
      clearTimeout(timer);
      window.removeEventListener(LOGIN_STATE_EVENT, onChange);
    };
  }, []);
  return loggedIn;
}
