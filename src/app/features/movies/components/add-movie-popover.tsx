import { IonPopover } from '@ionic/react';
import type { ApiError } from '../../../../common/api-error';
import type { MovieFormValues, NewMovie } from '../../../../common/movie-schema';
import { AddMovieForm } from './add-movie-form';

interface AddMoviePopoverProps {
  /** The form's starting values while it is open, null while it is closed. */
  form: MovieFormValues | null;
  onSubmit: (movie: NewMovie) => Promise<{ ok: true } | { ok: false; error: ApiError }>;
  onClose: () => void;
}

/**
 * The Add Movie popover with its form. Its own chunk (with the form's inputs and the movie
 * schema's rules): the list page loads it when the form is first asked for (docs/decisions/0510).
 */
export function AddMoviePopover({ form, onSubmit, onClose }: AddMoviePopoverProps) {
  return (
    <IonPopover
      isOpen={form !== null}
      className="add-movie-popover"
      htmlAttributes={{ role: 'dialog', 'aria-label': 'Add Movie' }}
      onDidPresent={() => void document.querySelector<HTMLIonInputElement>('.add-movie-popover ion-input')?.setFocus()}
      onDidDismiss={onClose}
    >
      {form && <AddMovieForm initial={form} onSubmit={onSubmit} onCancel={onClose} />}
    </IonPopover>
  );
}
