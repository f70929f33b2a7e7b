import { IonContent, IonPage } from '@ionic/react';
import { AppHeader } from '../../../shell/app-header';

export default function Page() {
  return (
    <IonPage>
      <AppHeader title="Charts and Graphs" />
      <IonContent className="ion-padding">
        <h1>Charts and Graphs</h1>
      </IonContent>
    </IonPage>
  );
}
