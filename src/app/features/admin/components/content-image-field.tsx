import { IonButton, IonSpinner } from '@ionic/react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../../../common/api-error';
import { IMAGE_ACCEPT, IMAGE_MESSAGES, MAX_IMAGE_BYTES, srcsetOf, variantFor } from '../../../../common/content-images';
import type { ContentImage } from '../../../../common/content-images';

interface ContentImageFieldProps {
  label: string;
  image: ContentImage | null;
  /** Sends the file (or null to remove the picture); resolves with the problem to show, or null. */
  onUpload: (file: File) => Promise<string | null>;
  onRemove: () => Promise<string | null>;
}

/** What to tell a person about a refused upload: the server's message, or ours for a cut-off body. */
export function uploadProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return IMAGE_MESSAGES.tooBig;
  return error instanceof Error ? error.message : 'The image could not be uploaded. Please try again.';
}

/**
 * The picture of an item: a preview, a file picker that uploads at once, and removal. The
 * server checks and resizes the file; a file over 5 MB is refused here first, without sending it.
 */
export function ContentImageField({ label, image, onUpload, onRemove }: ContentImageFieldProps) {
  const inputId = useId();
  const helpId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setProblem(null);
    setStatus('');
    if (file.size > MAX_IMAGE_BYTES) {
      setProblem(IMAGE_MESSAGES.tooBig);
    } else {
      setBusy('upload');
      const outcome = await onUpload(file);
      setBusy(null);
      if (outcome) setProblem(outcome);
      else setStatus('The picture was uploaded; the site shows it now.');
    }
    if (inputRef.current) inputRef.current.value = '';
  };

  const remove = async () => {
    setProblem(null);
    setBusy('remove');
    const outcome = await onRemove();
    setBusy(null);
    if (outcome) setProblem(outcome);
    else setStatus('The picture was removed.');
  };

  const preview = image ? variantFor(image, 320) : undefined;
  return (
    <fieldset className="content-admin__image">
      <legend>{label}</legend>
      {image && preview ? (
        <img
          src={preview.url}
          srcSet={srcsetOf(image)}
          sizes="160px"
          width={image.width}
          height={image.height}
          alt={`Current ${label.toLowerCase()}`}
        />
      ) : (
        <p>No picture yet: the site shows {label === 'Photo' ? 'initials' : 'the icon'} instead.</p>
      )}
      <div className="content-admin__image-controls">
        <label htmlFor={inputId}>{image ? 'Replace the picture' : 'Upload a picture'}</label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-describedby={helpId}
          disabled={busy !== null}
          onChange={(event) => void choose(event)}
        />
        <p id={helpId} className="content-admin__hint">
          JPEG, PNG or WebP, up to 5 MB.
        </p>
        {image && (
          <IonButton fill="outline" color="danger" disabled={busy !== null} onClick={() => void remove()}>
            Remove the picture
          </IonButton>
        )}
        {busy && <IonSpinner aria-label={busy === 'upload' ? 'Uploading the picture' : 'Removing the picture'} />}
        <p role="status">{status}</p>
        {problem && (
          <p className="content-admin__problem" role="alert">
            {problem}
          </p>
        )}
      </div>
    </fieldset>
  );
}
