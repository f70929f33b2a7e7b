import { IonToggle } from '@ionic/react';

/** The schedule header's Case Sensitive toggle (its own chunk, loaded with the schedule page). */
export function CaseSensitiveToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <IonToggle className="ion-padding-start" checked={checked} onIonChange={(event) => onChange(event.detail.checked)} labelPlacement="end">
      Case Sensitive
    </IonToggle>
  );
}
