import { IonButton, IonButtons, IonCheckbox, IonContent, IonHeader, IonItem, IonList, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import type { ScheduleTrack } from '../../../../common/schedule-filter';

interface Props {
  isOpen: boolean;
  tracks: ScheduleTrack[];
  excluded: ReadonlySet<string>;
  onChange: (excluded: Set<string>) => void;
  onClose: () => void;
}

/** The schedule's Filter: choose which tracks to show. */
export function TrackFilterModal({ isOpen, tracks, excluded, onChange, onClose }: Props) {
  const toggle = (name: string, shown: boolean) => {
    const next = new Set(excluded);
    if (shown) next.delete(name);
    else next.add(name);
    onChange(next);
  };
  return (
    <IonModal isOpen={isOpen} onDidDismiss={onClose} aria-labelledby="track-filter-title">
      <IonHeader>
        <IonToolbar>
          <IonButtons slot="start">
            <IonButton onClick={() => onChange(new Set())}>Reset</IonButton>
          </IonButtons>
          <IonTitle id="track-filter-title">Filter Tracks</IonTitle>
          <IonButtons slot="end">
            <IonButton strong onClick={onClose}>
              Done
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <IonList lines="full">
          {tracks.map((track) => (
            <IonItem key={track.name}>
              <IonCheckbox
                checked={!excluded.has(track.name)}
                onIonChange={(event) => toggle(track.name, event.detail.checked)}
                justify="space-between"
              >
                <span className="track-filter__label">
                  <span className="track-dot" style={{ background: track.color }} aria-hidden="true" />
                  {track.name} ({track.count})
                </span>
              </IonCheckbox>
            </IonItem>
          ))}
        </IonList>
        <div className="ion-padding">
          <IonButton expand="block" fill="outline" onClick={() => onChange(new Set(tracks.map((t) => t.name)))}>
            Hide All
          </IonButton>
        </div>
      </IonContent>
    </IonModal>
  );
}
