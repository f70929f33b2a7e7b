import { useIonViewDidLeave, useIonViewWillEnter } from '@ionic/react';
import { useRef } from 'react';

/**
 * Runs `callback` when the page is shown again after another page was in front (back from an
 * edit page), not as it first opens: it has just read its data then. Ionic's first will-enter
 * may come before or after the page's hooks are registered, so "the first one" cannot be told
 * by counting; having left can.
 */
export function useShownAgain(callback: () => void) {
  const left = useRef(false);
  useIonViewDidLeave(() => {
    left.current = true;
  });
  useIonViewWillEnter(() => {
    if (left.current) callback();
  });
}
