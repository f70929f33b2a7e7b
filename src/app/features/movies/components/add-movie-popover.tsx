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
 * The title field takes the focus once the popover is in place, unless the person is already in
 * a field: someone quick who tapped Genres while the popover was still opening would otherwise
 * see the rest of their typing go into the title.
 */
function focusTitleUnlessTyping(): void {
  const popover = document.querySelector('.add-movie-popover');
  const active = document.activeElement;
  if (!popover || (active && popover.contains(active) && active.matches('input, textarea'))) return;
  void popover.querySelector<HTMLIonInputElement>('ion-input')?.setFocus();
}

/**
 * The Add Movie popover with its form. Its own chunk (with the form's inputs and the movie
 * schema's rules): the list page loads it when the form is first asked for (docs/decisions/0500).
 */
export function AddMoviePopover({ form, onSubmit, onClose }: AddMoviePopoverProps) {
  return (
    <IonPopover
      isOpen={form !== null}
      className="add-movie-popover"
      htmlAttributes={{ role: 'dialog', 'aria-label': 'Add Movie' }}
      onDidPresent={focusTitleUnlessTyping}
      onDidDismiss={onClose}
    >
      {form && <AddMovieForm initial={form} onSubmit={onSubmit} onCancel={onClose} />}
    </IonPopover>
  );
}
