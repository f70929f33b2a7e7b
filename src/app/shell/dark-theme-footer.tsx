import { IonFooter, IonIcon, IonItem, IonToggle, IonToolbar } from '@ionic/react';
import { moonOutline } from 'ionicons/icons';
import { useDarkMode } from '../../common/use-dark-mode';

/** The dark-theme switch at the foot of a side menu: the app's and the console's. */
export function DarkThemeFooter() {
  const [dark, setDark] = useDarkMode();
  return (
    <IonFooter>
      <IonToolbar>
        <IonItem lines="none">
          <IonIcon slot="start" icon={moonOutline} aria-hidden="true" />
          <IonToggle checked={dark} onIonChange={(event) => setDark(event.detail.checked)}>
            Dark Theme
          </IonToggle>
        </IonItem>
      </IonToolbar>
    </IonFooter>
  );
}
