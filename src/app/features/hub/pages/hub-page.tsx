import { IonButton, IonCard, IonCardContent, IonCardHeader, IonCardTitle, IonContent, IonIcon, IonPage } from '@ionic/react';
import { arrowForward } from 'ionicons/icons';
import { AppHeader } from '../../../shell/app-header';
import { DEMOS } from '../demos';
import '../hub.css';

/** The demo hub (/home): one card per demo. */
export default function HubPage() {
  return (
    <IonPage>
      <AppHeader title="Home" />
      <IonContent className="ion-padding-vertical">
        <div className="hub">
          <div className="hub-intro">
            <h1>Demos</h1>
            <p>Everything in this app is a working example of what we build for clients. Pick one to try it.</p>
          </div>
          <ul className="hub-grid">
            {DEMOS.map((demo) => (
              <li key={demo.href}>
                <IonCard className="hub-card">
                  <IonCardHeader>
                    <IonIcon className="hub-card__icon" icon={demo.icon} aria-hidden="true" />
                    <IonCardTitle>
                      <h2 className="hub-card__title">{demo.title}</h2>
                    </IonCardTitle>
                  </IonCardHeader>
                  <IonCardContent>
                    <p>{demo.description}</p>
                    <IonButton fill="outline" routerLink={demo.href} aria-label={`Open ${demo.title}`}>
                      Open
                      <IonIcon slot="end" icon={arrowForward} aria-hidden="true" />
                    </IonButton>
                  </IonCardContent>
                </IonCard>
              </li>
            ))}
          </ul>
        </div>
      </IonContent>
    </IonPage>
  );
}
