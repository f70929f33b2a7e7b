import {
  IonButton,
  IonButtons,
  IonCheckbox,
  IonContent,
  IonFooter,
  IonHeader,
  IonItem,
  IonList,
  IonModal,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { useState } from 'react';
import { genreKey } from '../../../../common/movie-filter';

interface GenreFilterModalProps {
  isOpen: boolean;
  genres: readonly { genre: string; count: number }[];
  /** Lower-cased genres switched off now. */
  hiddenGenreKeys: ReadonlySet<string>;
  /** Done: the genres to switch off from now on. */
  onApply: (hiddenGenres: string[]) => void;
  onClose: () => void;
}

/**
 * The genre filter: tick the genres to show, Select All / Deselect All, then Done applies it.
 * Cancel, Escape and the backdrop leave the filter as it was (the choice is applied on close
 * with Done, as the original's filter modal does).
 */
export function GenreFilterModal({ isOpen, genres, hiddenGenreKeys, onApply, onClose }: GenreFilterModalProps) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(hiddenGenreKeys);

  const setShown = (genre: string, shown: boolean) =>
    setHidden((current) => {
      const next = new Set(current);
      if (shown) next.delete(genreKey(genre));
      else next.add(genreKey(genre));
      return next;
    });

  const apply = () => {
    onApply(genres.filter(({ genre }) => hidden.has(genreKey(genre))).map(({ genre }) => genre));
    onClose();
  };

  return (
    <IonModal isOpen={isOpen} onWillPresent={() => setHidden(new Set(hiddenGenreKeys))} onDidDismiss={onClose} aria-label="Filter genres">
      <IonHeader>
        <IonToolbar>
          <IonButtons slot="start">
            <IonButton onClick={onClose}>Cancel</IonButton>
          </IonButtons>
          <IonTitle>Filter</IonTitle>
          <IonButtons slot="end">
            <IonButton strong onClick={apply}>
              Done
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <IonList aria-label="Genres to show">
          {genres.map(({ genre, count }) => (
            <IonItem key={genre}>
              <IonCheckbox
                checked={!hidden.has(genreKey(genre))}
                onIonChange={(event) => setShown(genre, event.detail.checked)}
                justify="space-between"
              >
                {genre} <span className="genre-count">({count})</span>
              </IonCheckbox>
            </IonItem>
          ))}
        </IonList>
      </IonContent>
      <IonFooter>
        <IonToolbar>
          <IonButtons slot="start">
            <IonButton onClick={() => setHidden(new Set(genres.map(({ genre }) => genreKey(genre))))}>Deselect All</IonButton>
          </IonButtons>
          <IonButtons slot="end">
            <IonButton onClick={() => setHidden(new Set())}>Select All</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonFooter>
    </IonModal>
  );
}
