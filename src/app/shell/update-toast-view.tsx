import { IonToast } from '@ionic/react';
import { activateUpdate } from '../lib/service-worker';

/** The 'Update available!' toast itself: its own chunk, loaded only once an update is waiting. */
export function UpdateToastView({ isOpen }: { isOpen: boolean }) {
  return (
    <IonToast
      isOpen={isOpen}
      message="Update available!"
      position="bottom"
      swipeGesture="vertical"
      buttons={[{ text: 'Reload', role: 'reload', handler: () => activateUpdate() }]}
    />
  );
}
