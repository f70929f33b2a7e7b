import { IonContent, IonPage } from '@ionic/react';
import { AppHeader } from '../../../shell/app-header';

export default function Page() {
  return (
    <IonPage>
      <AppHeader title="Forgot password" />
      <IonContent className="ion-padding">
        <h1>Forgot password</h1>
      </IonContent>
    </IonPage>
  );
}
