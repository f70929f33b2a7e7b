import { IonToast } from '@ionic/react';
import { useSyncExternalStore } from 'react';
import { activateUpdate, isUpdateAvailable, onUpdateAvailable } from '../lib/service-worker';

/**
 * Spec 2 and 4: when a new version is installed and waiting, 'Update available!' with a
 * Reload button that activates it and reloads the page once. Dismissing it keeps the current
 * version until the next visit.
 */
export function UpdateToast() {
  const available = useSyncExternalStore(onUpdateAvailable, isUpdateAvailable, () => false);
  return (
    <IonToast
      isOpen={available}
      message="Update available!"
      position="bottom"
      swipeGesture="vertical"
      buttons={[{ text: 'Reload', role: 'reload', handler: () => activateUpdate() }]}
    />
  );
}
