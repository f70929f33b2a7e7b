import { IonContent, IonPage } from '@ionic/react';
import { AppHeader } from '../../../shell/app-header';

export default function Page() {
  return (
    <IonPage>
      <AppHeader title="Tutorial" />
      <IonContent className="ion-padding">
        <h1>Tutorial</h1>
      </IonContent>
    </IonPage>
  );
}
