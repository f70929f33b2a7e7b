import { IonContent, IonPage } from '@ionic/react';
import { AppHeader } from '../../../shell/app-header';

export default function Page() {
  return (
    <IonPage>
      <AppHeader title="Signup" />
      <IonContent className="ion-padding">
        <h1>Signup</h1>
      </IonContent>
    </IonPage>
  );
}
