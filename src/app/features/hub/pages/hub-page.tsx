import { IonContent, IonPage } from '@ionic/react';
import { AppHeader } from '../../../shell/app-header';

export default function Page() {
  return (
    <IonPage>
      <AppHeader title="Home" />
      <IonContent className="ion-padding">
        <h1>Home</h1>
      </IonContent>
    </IonPage>
  );
}
