import { IonContent, IonPage } from '@ionic/react';
import { AppHeader } from '../../../shell/app-header';

export default function Page() {
  return (
    <IonPage>
      <AppHeader title="Login" />
      <IonContent className="ion-padding">
        <h1>Login</h1>
      </IonContent>
    </IonPage>
  );
}
