import { IonButton, IonTextarea } from '@ionic/react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../../common/api-error';
import type { CustomerConversation } from '../../../../common/inbox-schemas';
import { INBOX_REPLY_MAX } from '../../../../common/support-limits';
import { answerSupportConversation } from '../api/support-conversations';
import { FormError } from './auth-fields';

/** The answer box under one of the customer's conversations. */
export function AnswerForm({
  conversation,
  onAnswered,
}: {
  conversation: CustomerConversation;
  onAnswered: (next: CustomerConversation) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!text.trim()) return setError('Please write your answer.');
    setBusy(true);
    setError(null);
    try {
      onAnswered(await answerSupportConversation(conversation.id, text));
      setText('');
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : undefined;
      setError(fields?.body ?? (failure instanceof Error ? failure.message : 'Your answer could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <IonTextarea
        label="Your answer"
        labelPlacement="stacked"
        fill="outline"
        autoGrow
        rows={3}
        maxlength={INBOX_REPLY_MAX}
        value={text}
        onIonInput={(event) => setText(event.detail.value ?? '')}
      />
      <FormError message={error} />
      <IonButton type="submit" disabled={busy}>
        {busy ? 'Sending…' : 'Send answer'}
      </IonButton>
    </form>
  );
}
