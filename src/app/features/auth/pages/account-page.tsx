import { IonContent, IonPage } from '@ionic/react';
import { AppHeader } from '../../../shell/app-header';

export default function Page() {
  return (
    <IonPage>
      <AppHeader title="Account" />
      <IonContent className="ion-padding">
        <h1>Account</h1>
      </IonContent>
    </IonPage>
  );
}
