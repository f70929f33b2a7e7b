import { IonButton, IonSpinner } from '@ionic/react';
import { type FormEvent, useRef, useState } from 'react';
import { emailProblem, passwordProblem } from '../../../../common/identity-schemas';
import { EmailField, FormError, PasswordField } from './auth-fields';
import { focusFirstInvalid, sentenceFor } from './form-state';

interface CredentialsFormProps {
  mode: 'login' | 'signup';
  initialEmail?: string;
  onSubmit: (email: string, password: string) => Promise<void>;
}

/**
 * Email and password, for login and signup: problems shown inline as the user types (once a
 * field has been left, or after a submit), the submit button disabled while sending, and the
 * server's answer in one plain sentence.
 */
export function CredentialsForm({ mode, initialEmail = '', onSubmit }: CredentialsFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLIonInputElement>(null);
  const passwordRef = useRef<HTMLIonInputElement>(null);

  const emailError = emailProblem(email);
  // Login checks only that a password was typed: old accounts may predate today's rules.
  const passwordError = mode === 'signup' ? passwordProblem(password) : password === '' ? 'Enter your password.' : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    setError(null);
    if (emailError || passwordError) {
      await focusFirstInvalid([
        { element: emailRef.current, error: emailError },
        { element: passwordRef.current, error: passwordError },
      ]);
      return;
    }
    setSending(true);
    try {
      await onSubmit(email, password);
    } catch (caught) {
      setError(sentenceFor(caught));
      setSending(false);
    }
  };

  const label = mode === 'login' ? 'Log in' : 'Create account';
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} aria-label={mode === 'login' ? 'Login' : 'Signup'}>
      <EmailField
        inputRef={emailRef}
        value={email}
        onChange={setEmail}
        error={emailError}
        showError={submitted || touched.email}
        onBlur={() => setTouched((value) => ({ ...value, email: true }))}
        autoComplete={mode === 'login' ? 'username' : 'email'}
        disabled={sending}
      />
      <PasswordField
        inputRef={passwordRef}
        value={password}
        onChange={setPassword}
        error={passwordError}
        showError={submitted || touched.password}
        onBlur={() => setTouched((value) => ({ ...value, password: true }))}
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        helperText={mode === 'signup' ? 'At least 8 characters.' : undefined}
        disabled={sending}
      />
      <FormError message={error} />
      <IonButton type="submit" expand="block" disabled={sending}>
        {sending ? <IonSpinner name="crescent" aria-hidden="true" /> : null}
        <span className={sending ? 'ion-padding-start' : undefined}>
          {sending ? (mode === 'login' ? 'Logging in…' : 'Creating account…') : label}
        </span>
      </IonButton>
    </form>
  );
}
