import { IonButton, IonInput, IonSelect, IonSelectOption } from '@ionic/react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../../common/api-error';
import { SAVED_REPLY_TITLE_MAX, type SavedReply } from '../../../../common/inbox-schemas';
import { fetchSavedReplies } from '../api/inbox/fetch-saved-replies';
import { saveSavedReply } from '../api/inbox/save-saved-reply';

/** Insert a ready-made reply into the reply box, or keep the box's text as a new one. */
export function InboxSavedReplies({
  text,
  onInsert,
  onSaved,
}: {
  text: string;
  onInsert: (body: string) => void;
  onSaved: (message: string) => void;
}) {
  const [replies, setReplies] = useState<SavedReply[]>([]);
  const [chosen, setChosen] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchSavedReplies()
      .then((loaded) => setReplies(loaded.replies))
      .catch(() => setError('The ready-made replies could not be loaded.'));
  }, []);

  const insert = () => {
    const reply = replies.find((item) => item.id === chosen);
    if (reply) onInsert(text.trim() ? `${text.trimEnd()}\n\n${reply.body}` : reply.body);
  };

  const save = async () => {
    setError(null);
    try {
      const saved = await saveSavedReply(title, text);
      setReplies((current) => [...current, saved].sort((a, b) => a.title.localeCompare(b.title)));
      setTitle('');
      onSaved(`Saved “${saved.title}” as a ready-made reply.`);
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : undefined;
      setError(fields?.title ?? fields?.body ?? (failure instanceof Error ? failure.message : 'It could not be saved.'));
    }
  };

  return (
    <div className="inbox-saved">
      {replies.length > 0 ? (
        <div className="inbox-saved__row">
          <IonSelect
            label="Ready-made reply"
            labelPlacement="stacked"
            fill="outline"
            interface="popover"
            placeholder="Choose one"
            value={chosen}
            onIonChange={(event) => setChosen(String(event.detail.value ?? ''))}
          >
            {replies.map((reply) => (
              <IonSelectOption key={reply.id} value={reply.id}>
                {reply.title}
              </IonSelectOption>
            ))}
          </IonSelect>
          <IonButton fill="outline" disabled={!chosen} onClick={insert}>
            Insert
          </IonButton>
        </div>
      ) : (
        <p>No ready-made replies saved yet: write one in the box above and save it under a title.</p>
      )}
      <div className="inbox-saved__row">
        <IonInput
          label="Title for a new ready-made reply"
          labelPlacement="stacked"
          fill="outline"
          maxlength={SAVED_REPLY_TITLE_MAX}
          value={title}
          onIonInput={(event) => setTitle(String(event.detail.value ?? ''))}
        />
        <IonButton fill="outline" disabled={!title.trim() || !text.trim()} onClick={() => void save()}>
          Save as ready-made reply
        </IonButton>
      </div>
      {error ? (
        <p role="alert" className="inbox-compose__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
