import { IonContent, IonPage } from '@ionic/react';
import { AppHeader } from '../../../shell/app-header';

export default function Page() {
  return (
    <IonPage>
      <AppHeader title="Video Example" />
      <IonContent className="ion-padding">
        <h1>Video Example</h1>
      </IonContent>
    </IonPage>
  );
}
