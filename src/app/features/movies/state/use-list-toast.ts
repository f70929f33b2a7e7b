import { useIonToast } from '@ionic/react';
import { useCallback } from 'react';

export type ListToast = (message: string, color?: 'danger' | 'success') => void;

/** One toast at a time at the foot of the list. */
export function useListToast(): ListToast {
  const [presentToast, dismissToast] = useIonToast();
  // useIonToast presents nothing while its previous toast is still up, so that one goes first.
  return useCallback(
    (message: string, color?: 'danger' | 'success') =>
      void dismissToast().then(() =>
        presentToast({
          message,
          position: 'bottom',
          color,
          swipeGesture: 'vertical',
          // A problem stays until read and dismissed (no time limit on what went wrong); news fades.
          ...(color === 'danger' ? { duration: 0, buttons: [{ text: 'Dismiss', role: 'cancel' }] } : { duration: 2500 }),
        }),
      ),
    [presentToast, dismissToast],
  );
}
