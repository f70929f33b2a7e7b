import { IonButton, IonInput } from '@ionic/react';
import { type FormEvent, useState } from 'react';
import type { AdminMovie } from '../../../../common/admin-movie-schemas';
import { ApiError } from '../../../../common/api-error';
import { type MovieFormValues, type NewMovie, validateMovieForm } from '../../../../common/movie-schema';

type Field = keyof MovieFormValues;

export interface MovieEditFormProps {
  movie: AdminMovie;
  busy: boolean;
  /** Resolves with the server's error when the save was refused (its field messages go next to the fields). */
  onSave(movie: NewMovie): Promise<unknown>;
  onCancel(): void;
}

/** Editing a movie: the add form's rules and messages (src/common/movie-schema.ts), next to each field. */
export function MovieEditForm({ movie, busy, onSave, onCancel }: MovieEditFormProps) {
  const [values, setValues] = useState<MovieFormValues>({ title: movie.title, genres: movie.genres.join(', ') });
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const result = validateMovieForm(values);
  const errors: Partial<Record<Field, string>> = { ...(result.ok ? {} : result.errors), ...serverErrors };

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    setServerErrors({});
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ title: true, genres: true });
    if (!result.ok || busy) return;
    const refused = await onSave(result.movie);
    if (refused instanceof ApiError) setServerErrors({ title: refused.fields.title, genres: refused.fields.genres });
  };
  // Only mistakes are marked, once the field was changed or a save was tried.
  const marked = (field: Field) => (touched[field] && errors[field] ? 'ion-invalid ion-touched' : undefined);

  return (
    <form className="movie-edit" onSubmit={submit} noValidate aria-label={`Edit ${movie.title}`}>
      <IonInput
        label="Title"
        labelPlacement="stacked"
        fill="outline"
        value={values.title}
        maxlength={200}
        className={marked('title')}
        errorText={errors.title}
        onIonInput={(event) => change('title', String(event.detail.value ?? ''))}
      />
      <IonInput
        label="Genres (separated by commas)"
        labelPlacement="stacked"
        fill="outline"
        value={values.genres}
        maxlength={1000}
        className={marked('genres')}
        errorText={errors.genres}
        onIonInput={(event) => change('genres', String(event.detail.value ?? ''))}
      />
      <div className="manage-actions">
        <IonButton type="submit" disabled={busy}>
          Save
        </IonButton>
        <IonButton fill="outline" onClick={onCancel}>
          Cancel
        </IonButton>
      </div>
    </form>
  );
}
