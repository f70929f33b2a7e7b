import { IonContent, IonPage } from '@ionic/react';
import { AppHeader } from '../../../shell/app-header';

export default function Page() {
  return (
    <IonPage>
      <AppHeader title="Demo" type="movies" search />
      <IonContent className="ion-padding">
        <h1>Demo</h1>
      </IonContent>
    </IonPage>
  );
}
