import { useIonAlert } from '@ionic/react';
import { useCallback, useRef } from 'react';

type Present = ReturnType<typeof useIonAlert>[0];
/** The options form of Ionic's present (the last overload). */
export type AlertRequest = Parameters<Present>[0] & object;

/**
 * Ionic's `useIonAlert`, except that an alert asked for while this component's previous alert is
 * still closing waits for it instead of being dropped. Ionic's present() returns without a word
 * until the last alert's `didDismiss`, so "Cancel, then the same button again" did nothing for
 * as long as the closing animation ran (long on a slow phone).
 */
export function useAlert(): (options: AlertRequest) => Promise<void> {
  const [present] = useIonAlert();
  const closed = useRef<Promise<void>>(Promise.resolve());
  return useCallback(
    (options: AlertRequest) => {
      const previous = closed.current;
      let markClosed = () => {};
      closed.current = new Promise<void>((resolve) => (markClosed = resolve));
      return previous.then(() =>
        present({
          ...options,
          onDidDismiss: (event) => {
            markClosed();
            options.onDidDismiss?.(event);
          },
        }).catch((error: unknown) => {
          // No alert was shown: the next one must not wait for it.
          markClosed();
          throw error;
        }),
      );
    },
    [present],
  );
}
