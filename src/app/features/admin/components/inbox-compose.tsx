import { IonButton, IonNote, IonTextarea } from '@ionic/react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../../common/api-error';
import { charactersLeft } from '../../../../common/characters-left';
import { useLeftAnnouncement } from '../state/use-left-announcement';
import { LeftAnnouncement } from './left-announcement';

export interface InboxComposeProps {
  id: string;
  label: string;
  submitLabel: string;
  maxLength: number;
  /** Resolves when saved; rejects with the server's error, shown under the field. */
  onSubmit: (text: string) => Promise<void>;
  /** Controlled text (the reply box, where a ready-made reply can be inserted); uncontrolled without. */
  text?: string;
  onTextChange?: (text: string) => void;
}

/** A text area with its send button, used for replies and notes; the server's message shows next to the field. */
export function InboxCompose({ id, label, submitLabel, maxLength, onSubmit, ...controlled }: InboxComposeProps) {
  const [ownText, setOwnText] = useState('');
  const text = controlled.text ?? ownText;
  const setText = controlled.onTextChange ?? setOwnText;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const left = useLeftAnnouncement();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      setError(`Please write the ${label.toLowerCase().includes('note') ? 'note' : 'reply'}.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(text);
      setText('');
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : undefined;
      setError(fields?.body ?? (failure instanceof Error ? failure.message : 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="inbox-compose" onSubmit={(event) => void submit(event)} noValidate>
      <IonTextarea
        id={id}
        label={label}
        labelPlacement="stacked"
        fill="outline"
        autoGrow
        rows={4}
        maxlength={maxLength}
        value={text}
        onIonInput={(event) => {
          const next = event.detail.value ?? '';
          left.track(label, text, next, maxLength);
          setText(next);
        }}
        className={error ? 'ion-invalid ion-touched' : undefined}
        helperText={charactersLeft(text, maxLength)}
        errorText={error ?? undefined}
      />
      <LeftAnnouncement text={left.announcement} />
      {error ? (
        <IonNote color="danger" role="alert" className="inbox-compose__error">
          {error}
        </IonNote>
      ) : null}
      <IonButton type="submit" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </IonButton>
    </form>
  );
}
