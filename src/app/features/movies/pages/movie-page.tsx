import { IonContent, IonPage } from '@ionic/react';
import { AppHeader } from '../../../shell/app-header';

export default function Page() {
  return (
    <IonPage>
      <AppHeader title="Movie" />
      <IonContent className="ion-padding">
        <h1>Movie</h1>
      </IonContent>
    </IonPage>
  );
}
