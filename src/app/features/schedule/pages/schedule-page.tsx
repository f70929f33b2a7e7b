import { IonContent, IonPage } from '@ionic/react';
import { AppHeader } from '../../../shell/app-header';

export default function Page() {
  return (
    <IonPage>
      <AppHeader title="Daily Activities" type="schedule" search />
      <IonContent className="ion-padding">
        <h1>Daily Activities</h1>
      </IonContent>
    </IonPage>
  );
}
