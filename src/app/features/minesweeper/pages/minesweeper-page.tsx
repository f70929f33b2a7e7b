import { IonContent, IonPage } from '@ionic/react';
import { AppHeader } from '../../../shell/app-header';

export default function Page() {
  return (
    <IonPage>
      <AppHeader title="Minesweeper" />
      <IonContent className="ion-padding">
        <h1>Minesweeper</h1>
      </IonContent>
    </IonPage>
  );
}
