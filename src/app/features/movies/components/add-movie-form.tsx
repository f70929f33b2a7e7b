import { IonButton, IonInput, IonSpinner } from '@ionic/react';
import { type FormEvent, useId, useState } from 'react';
import type { ApiError } from '../../../../common/api-error';
import { type MovieFormValues, type NewMovie, validateMovieForm } from '../../../../common/movie-schema';

interface AddMovieFormProps {
  initial: MovieFormValues;
  /** Resolves true when the movie was added; on false `error` says why. */
  onSubmit: (movie: NewMovie) => Promise<{ ok: true } | { ok: false; error: ApiError }>;
  onCancel: () => void;
}

type Field = keyof MovieFormValues;

/**
 * The Add Movie form: Movie Title and Movie Genres, both required; Submit stays
 * disabled while the form is invalid. Rules and messages come from the shared movie schema.
 */
export function AddMovieForm({ initial, onSubmit, onCancel }: AddMovieFormProps) {
  const headingId = useId();
  const [values, setValues] = useState<MovieFormValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const result = validateMovieForm(values);
  const errors: Partial<Record<Field, string>> = { ...(result.ok ? {} : result.errors), ...serverErrors };
  const valid = result.ok && Object.keys(serverErrors).length === 0;

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    setServerErrors((current) => {
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ title: true, genres: true });
    if (!result.ok || busy) return;
    setBusy(true);
    const outcome = await onSubmit(result.movie);
    // The form is gone when the add succeeded (the popover closed); only a failure comes back.
    if (!outcome.ok) {
      setBusy(false);
      const fields = outcome.error.fields;
      if (fields.title || fields.genres) setServerErrors({ title: fields.title, genres: fields.genres });
    }
  };

  // Only mistakes are marked; Ionic's green "valid" outline on a pre-filled field reads as odd.
  const fieldClass = (field: Field) => (touched[field] && errors[field] ? 'ion-invalid ion-touched' : undefined);

  return (
    <form className="add-movie-form" onSubmit={submit} aria-labelledby={headingId} noValidate>
      <h2 id={headingId} className="add-movie-form__title">
        Add Movie
      </h2>
      <IonInput
        label="Movie Title"
        labelPlacement="stacked"
        fill="outline"
        value={values.title}
        required
        spellcheck={false}
        autocapitalize="off"
        autocorrect={false}
        autocomplete="off"
        maxlength={200}
        className={fieldClass('title')}
        errorText={errors.title}
        onIonInput={(event) => change('title', String(event.detail.value ?? ''))}
        onIonBlur={() => setTouched((current) => ({ ...current, title: true }))}
      />
      <IonInput
        label="Movie Genres"
        labelPlacement="stacked"
        fill="outline"
        value={values.genres}
        required
        spellcheck={false}
        autocapitalize="off"
        autocorrect={false}
        autocomplete="off"
        helperText="Enter genres as a comma seperated list with no spaces"
        className={fieldClass('genres')}
        errorText={errors.genres}
        onIonInput={(event) => change('genres', String(event.detail.value ?? ''))}
        onIonBlur={() => setTouched((current) => ({ ...current, genres: true }))}
      />
      <div className="add-movie-form__buttons">
        <IonButton fill="clear" onClick={onCancel} disabled={busy}>
          Cancel
        </IonButton>
        <IonButton type="submit" disabled={!valid || busy}>
          {busy ? <IonSpinner name="dots" aria-label="Adding" /> : 'Submit'}
        </IonButton>
      </div>
    </form>
  );
}
