import { IonButton, IonContent, IonPage, IonSpinner, useIonRouter } from '@ionic/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { emailProblem, passwordProblem } from '../../../../common/identity-schemas';
import { confirmPasswordReset, sendPasswordReset, verifyPasswordResetCode } from '../api/password-reset';
import { login } from '../../../lib/session/sign-in';
import { AppHeader } from '../../../shell/app-header';
import '../auth.css';
import { EmailField, FormError, FormNotice, PasswordField } from '../components/auth-fields';
import { focusFirstInvalid, sentenceFor } from '../components/form-state';

/** Step one: ask for a reset link by mail. */
function RequestLinkForm({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLIonInputElement>(null);
  const emailError = emailProblem(email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    setError(null);
    if (emailError) {
      await focusFirstInvalid([{ element: emailRef.current, error: emailError }]);
      return;
    }
    setSending(true);
    try {
      await sendPasswordReset(email);
      setSentTo(email.trim().toLowerCase());
    } catch (caught) {
      setError(sentenceFor(caught));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Forgot password">
      <EmailField
        inputRef={emailRef}
        value={email}
        onChange={setEmail}
        error={emailError}
        showError={submitted || touched}
        onBlur={() => setTouched(true)}
        disabled={sending}
      />
      <FormError message={error} />
      <FormNotice
        message={
          sentTo ? `We sent a link to ${sentTo}. It works once and expires in 1 hour; check your spam folder if it does not arrive.` : null
        }
      />
      <IonButton type="submit" expand="block" disabled={sending}>
        {sending ? 'Sending…' : sentTo ? 'Send the link again' : 'Send reset link'}
      </IonButton>
    </form>
  );
}

/** Step two, from the link in the mail: choose a new password, then log in with it. */
function NewPasswordForm({ oobCode }: { oobCode: string }) {
  const router = useIonRouter();
  const [email, setEmail] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLIonInputElement>(null);
  const passwordError = passwordProblem(password);

  useEffect(() => {
    let active = true;
    verifyPasswordResetCode(oobCode)
      .then((value) => active && setEmail(value))
      .catch((caught: unknown) => active && setCodeError(sentenceFor(caught)));
    return () => {
      active = false;
    };
  }, [oobCode]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !email) return;
    setSubmitted(true);
    setError(null);
    if (passwordError) {
      await focusFirstInvalid([{ element: passwordRef.current, error: passwordError }]);
      return;
    }
    setSending(true);
    try {
      await confirmPasswordReset(oobCode, password);
      await login(email, password);
      router.push('/account', 'root', 'replace');
    } catch (caught) {
      setError(sentenceFor(caught));
      setSending(false);
    }
  };

  if (codeError) {
    return (
      <>
        <FormError message={codeError} />
        <p>
          <Link to="/forgot-password" className="auth-inline-link">
            Ask for a new link
          </Link>
        </p>
      </>
    );
  }
  if (!email) return <IonSpinner name="crescent" aria-label="Checking the link" />;
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} aria-label="Choose a new password">
      <p className="auth-lead">Choose a new password for {email}.</p>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField
        inputRef={passwordRef}
        label="New password"
        autoComplete="new-password"
        helperText="At least 8 characters."
        value={password}
        onChange={setPassword}
        error={passwordError}
        showError={submitted || touched}
        onBlur={() => setTouched(true)}
        disabled={sending}
      />
      <FormError message={error} />
      <IonButton type="submit" expand="block" disabled={sending}>
        {sending ? 'Saving…' : 'Save password and log in'}
      </IonButton>
    </form>
  );
}

export default function ForgotPasswordPage() {
  const params = new URLSearchParams(useLocation().search);
  const oobCode = params.get('oobCode');

  return (
    <IonPage>
      <AppHeader title="Forgot password" defaultHref="/login" />
      <IonContent className="auth-content">
        <div className="auth-column">
          <h1>{oobCode ? 'Choose a new password' : 'Forgot your password?'}</h1>
          {oobCode ? (
            <NewPasswordForm oobCode={oobCode} />
          ) : (
            <>
              <p className="auth-lead">Enter the email address of your account and we will mail you a link to choose a new password.</p>
              <RequestLinkForm initialEmail={params.get('email') ?? ''} />
            </>
          )}
          <div className="auth-links">
            <Link to="/login">Back to login</Link>
          </div>
        </div>
      </IonContent>
    </IonPage>
  );
}
