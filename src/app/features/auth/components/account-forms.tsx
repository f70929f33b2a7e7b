import { IonButton } from '@ionic/react';
import { type FormEvent, useRef, useState } from 'react';
import { emailProblem, passwordProblem } from '../../../../common/identity-schemas';
import { EmailField, FormError, FormNotice, PasswordField } from './auth-fields';
import { focusFirstInvalid, sentenceFor } from './form-state';

interface ChangeFormProps {
  /** Proves it is still the account holder, then makes the change. */
  onSubmit: (currentPassword: string, value: string) => Promise<void>;
  currentEmail: string;
}

function useChangeForm(validate: (value: string) => string | null, props: ChangeFormProps, done: string) {
  const [value, setValue] = useState('');
  const [current, setCurrent] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState({ value: false, current: false });
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const valueRef = useRef<HTMLIonInputElement>(null);
  const currentRef = useRef<HTMLIonInputElement>(null);
  const valueError = validate(value);
  const currentError = current === '' ? 'Enter your current password.' : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSubmitted(true);
    setError(null);
    setNotice(null);
    if (valueError || currentError) {
      await focusFirstInvalid([
        { element: valueRef.current, error: valueError },
        { element: currentRef.current, error: currentError },
      ]);
      return;
    }
    setSending(true);
    try {
      await props.onSubmit(current, value);
      setValue('');
      setCurrent('');
      setSubmitted(false);
      setTouched({ value: false, current: false });
      setNotice(done);
    } catch (caught) {
      setError(sentenceFor(caught));
    } finally {
      setSending(false);
    }
  };

  const field = (name: 'value' | 'current') => ({
    showError: submitted || touched[name],
    onBlur: () => setTouched((state) => ({ ...state, [name]: true })),
    disabled: sending,
  });
  return { value, setValue, current, setCurrent, valueError, currentError, submit, sending, error, notice, valueRef, currentRef, field };
}

type ChangeForm = ReturnType<typeof useChangeForm>;

/** The current password both changes ask for first. */
function CurrentPasswordField({ form }: { form: ChangeForm }) {
  return (
    <PasswordField
      inputRef={form.currentRef}
      name="current-password"
      label="Current password"
      autoComplete="current-password"
      value={form.current}
      onChange={form.setCurrent}
      error={form.currentError}
      {...form.field('current')}
    />
  );
}

/** The server's answer and the submit button, which names what is happening while it sends. */
function ChangeFormFooter({ form, idle, busy }: { form: ChangeForm; idle: string; busy: string }) {
  return (
    <>
      <FormError message={form.error} />
      <FormNotice message={form.notice} />
      <IonButton type="submit" disabled={form.sending}>
        {form.sending ? busy : idle}
      </IonButton>
    </>
  );
}

export function ChangeEmailForm(props: ChangeFormProps) {
  const validate = (value: string) =>
    emailProblem(value) ?? (value.trim().toLowerCase() === props.currentEmail ? 'That is already your email address.' : null);
  const form = useChangeForm(validate, props, 'Your email address has been changed.');
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void form.submit(event)} aria-labelledby="change-email-heading">
      <EmailField
        inputRef={form.valueRef}
        label="New email"
        value={form.value}
        onChange={form.setValue}
        error={form.valueError}
        {...form.field('value')}
      />
      <CurrentPasswordField form={form} />
      <ChangeFormFooter form={form} idle="Change email" busy="Changing email…" />
    </form>
  );
}

export function ChangePasswordForm(props: ChangeFormProps) {
  const form = useChangeForm(passwordProblem, props, 'Your password has been changed. Other devices have been logged out.');
  return (
    <form className="auth-form" noValidate onSubmit={(event) => void form.submit(event)} aria-labelledby="change-password-heading">
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={props.currentEmail} readOnly hidden />
      <CurrentPasswordField form={form} />
      <PasswordField
        inputRef={form.valueRef}
        name="new-password"
        label="New password"
        autoComplete="new-password"
        helperText="At least 8 characters."
        value={form.value}
        onChange={form.setValue}
        error={form.valueError}
        {...form.field('value')}
      />
      <ChangeFormFooter form={form} idle="Change password" busy="Changing password…" />
    </form>
  );
}
