import { IonInput, IonInputPasswordToggle } from '@ionic/react';
import { type Ref } from 'react';

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The problem to show, once the field has been left or the form submitted. */
  error: string | null;
  showError: boolean;
  onBlur?: () => void;
  label?: string;
  helperText?: string;
  inputRef?: Ref<HTMLIonInputElement>;
  disabled?: boolean;
}

/** Ionic shows errorText only on a field marked touched and invalid. */
function validityClass(error: string | null, showError: boolean): string | undefined {
  if (!showError) return undefined;
  return error ? 'ion-touched ion-invalid' : 'ion-touched ion-valid';
}

/** What every account input has in common: the look, no autocorrection, and the validation wiring. */
function sharedInputProps(props: FieldProps) {
  return {
    labelPlacement: 'floating' as const,
    fill: 'outline' as const,
    autocapitalize: 'off',
    spellcheck: false,
    required: true,
    disabled: props.disabled,
    value: props.value,
    helperText: props.helperText,
    errorText: props.error ?? undefined,
    className: validityClass(props.error, props.showError),
    onIonInput: (event: CustomEvent<{ value?: string | null }>) => props.onChange(String(event.detail.value ?? '')),
    onIonBlur: () => props.onBlur?.(),
  };
}

export function EmailField({ inputRef, ...props }: FieldProps & { autoComplete?: 'email' | 'username' }) {
  return (
    <IonInput
      ref={inputRef}
      type="email"
      name="email"
      label={props.label ?? 'Email'}
      inputmode="email"
      autocomplete={props.autoComplete ?? 'email'}
      {...sharedInputProps(props)}
    />
  );
}

export function PasswordField({ inputRef, ...props }: FieldProps & { autoComplete: 'current-password' | 'new-password'; name?: string }) {
  return (
    <IonInput
      ref={inputRef}
      type="password"
      name={props.name ?? 'password'}
      label={props.label ?? 'Password'}
      autocomplete={props.autoComplete}
      {...sharedInputProps(props)}
    >
      <IonInputPasswordToggle slot="end" />
    </IonInput>
  );
}

/** The one sentence saying what went wrong, read out by screen readers when it appears. */
export function FormError({ message }: { message: string | null }) {
  return (
    <div className="auth-form-error" role="alert" aria-live="assertive">
      {message ? <p>{message}</p> : null}
    </div>
  );
}

export function FormNotice({ message }: { message: string | null }) {
  return (
    <div className="auth-form-notice" role="status" aria-live="polite">
      {message ? <p>{message}</p> : null}
    </div>
  );
}
