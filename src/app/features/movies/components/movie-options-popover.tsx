import { IonContent, IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import { addCircleOutline, createOutline, shareSocialOutline } from 'ionicons/icons';

export type MovieOption = 'add' | 'share' | 'suggest';

/** The header's More popover: Add Movie, Share List, Suggest Movie Edit. */
export function MovieOptionsPopover({ onSelect }: { onSelect: (option: MovieOption) => void }) {
  const item = (option: MovieOption, label: string, icon: string) => (
    <IonItem button detail={false} onClick={() => onSelect(option)}>
      <IonIcon slot="start" icon={icon} aria-hidden="true" />
      <IonLabel>{label}</IonLabel>
    </IonItem>
  );
  return (
    <IonContent>
      <IonList lines="none" aria-label="Movie options">
        {item('add', 'Add Movie', addCircleOutline)}
        {item('share', 'Share List', shareSocialOutline)}
        {item('suggest', 'Suggest Movie Edit', createOutline)}
      </IonList>
    </IonContent>
  );
}
