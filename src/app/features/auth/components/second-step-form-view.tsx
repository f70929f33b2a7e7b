import { IonButton, IonInput, IonSpinner } from '@ionic/react';
import { type FormEvent, useRef, useState } from 'react';
import { AuthError, authErrorSentence } from '../../../../common/auth-errors';
import type { MfaPending } from '../../../lib/session/mfa-required';
import { codeProblem } from '../state/idp/rules';
import { finishSecondStep } from '../../../lib/session/second-step';
import { FormError } from './auth-fields';
import { sentenceFor } from './form-state';

/**
 * The second step of a sign-in (decision 0111): the 6-digit code of the authenticator app, or
 * one of the recovery codes. An expired step (code-expired) can only start again.
 */
export function SecondStepFormView({
  pending,
  onDone,
  onRestart,
}: {
  pending: MfaPending;
  onDone: () => Promise<void>;
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const inputRef = useRef<HTMLIonInputElement>(null);
  const problem = codeProblem(code);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    setError(null);
    if (problem) {
      await inputRef.current?.setFocus();
      return;
    }
    setSending(true);
    try {
      await finishSecondStep(pending, code);
      await onDone();
    } catch (caught) {
      setExpired(caught instanceof AuthError && caught.code === 'code-expired');
      setError(sentenceFor(caught));
      setSending(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Two-step sign-in">
      <h2 className="auth-subheading">Two-step sign-in</h2>
      <p className="auth-lead">{authErrorSentence('multi-factor-auth-required')} Lost your phone? Type one of your recovery codes.</p>
      <IonInput
        ref={inputRef}
        name="one-time-code"
        label="Code"
        labelPlacement="floating"
        fill="outline"
        inputmode="text"
        autocomplete="one-time-code"
        autocapitalize="off"
        spellcheck={false}
        required
        maxlength={20}
        value={code}
        disabled={sending || expired}
        errorText={problem ?? undefined}
        className={submitted ? (problem ? 'ion-touched ion-invalid' : 'ion-touched ion-valid') : undefined}
        onIonInput={(event) => setCode(String(event.detail.value ?? ''))}
      />
      <FormError message={error} />
      {expired ? (
        <IonButton expand="block" onClick={onRestart}>
          Start again
        </IonButton>
      ) : (
        <IonButton type="submit" expand="block" disabled={sending}>
          {sending ? <IonSpinner name="crescent" aria-hidden="true" /> : null}
          <span className={sending ? 'ion-padding-start' : undefined}>{sending ? 'Checking…' : 'Verify'}</span>
        </IonButton>
      )}
    </form>
  );
}
