import { IonButton } from '@ionic/react';
import type { TotpEnrollmentStart } from '../api/federated-client';
import { CodeInput } from './code-input';

export interface TotpSetup extends TotpEnrollmentStart {
  /** The QR code of the otpauth:// URI, as a data: URL. */
  qr: string;
}

/** The authenticator setup: the QR code (its text alternative names the key), the key, the first code. */
export function TotpSetupForm(props: {
  setup: TotpSetup;
  code: string;
  onCode: (code: string) => void;
  busy: boolean;
  onSubmit: () => void;
}) {
  const { setup, code, onCode, busy, onSubmit } = props;
  return (
    <form className="auth-form" aria-label="Confirm two-step sign-in" onSubmit={(event) => (event.preventDefault(), onSubmit())}>
      <p>Scan this code with your authenticator app, or type the key below into it. Then enter the 6-digit code it shows.</p>
      <img
        className="auth-qr"
        src={setup.qr}
        width={200}
        height={200}
        alt={`QR code for your authenticator app. Key: ${setup.sharedSecretKey}`}
      />
      <p>
        Key:{' '}
        <code className="auth-secret" data-testid="totp-secret">
          {setup.sharedSecretKey}
        </code>
      </p>
      <CodeInput value={code} onChange={onCode} label="6-digit code" />
      <IonButton type="submit" disabled={busy}>
        Confirm
      </IonButton>
    </form>
  );
}
