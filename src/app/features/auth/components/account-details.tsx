import { IonButton } from '@ionic/react';
import type { AccountInfo } from '../../../lib/session/identity-request';
import { formatMillis } from '../state/account-dates';
import { FormError } from './auth-fields';

/** "Your details": the address, whether it is confirmed, and when the account began and last signed in. */
export function AccountDetails({
  email,
  info,
  error,
  onSendVerification,
}: {
  email: string;
  info: AccountInfo | null;
  error: string | null;
  onSendVerification: () => void;
}) {
  return (
    <section className="auth-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Your details</h2>
      <dl className="auth-facts">
        <dt>Email</dt>
        <dd data-testid="account-email">{info?.email ?? email}</dd>
        <dt>Email confirmed</dt>
        <dd>{info ? (info.emailVerified ? 'Yes' : 'Not yet') : '—'}</dd>
        <dt>Member since</dt>
        <dd>{formatMillis(info?.createdAt)}</dd>
        <dt>Last login</dt>
        <dd>{formatMillis(info?.lastLoginAt)}</dd>
      </dl>
      <FormError message={error} />
      {info && !info.emailVerified ? (
        <IonButton fill="outline" size="small" className="auth-verify-button" onClick={onSendVerification}>
          Send confirmation mail
        </IonButton>
      ) : null}
    </section>
  );
}
