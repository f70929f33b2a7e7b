import { IonButton, IonIcon } from '@ionic/react';
import { helpBuoyOutline, logOutOutline } from 'ionicons/icons';
import { changeEmail, changePassword } from '../api/account';
import type { AccountInfo } from '../../../lib/session/identity-request';
import { useReauthenticate } from '../../../lib/session/use-reauthenticate';
import { ChangeEmailForm, ChangePasswordForm } from './account-forms';
import { DeleteAccountSection } from './delete-account-section';
import { SupportConversations } from './support-conversations';

export interface AccountMoreProps {
  email: string;
  info: AccountInfo | null;
  reloadInfo: () => Promise<void>;
  onLogout: () => void;
  onDeleted: () => Promise<void>;
}

/**
 * The Account page below its first screen: support conversations, the email and password
 * changes, help and logout, deletion. Loaded after that screen is drawn (account-page.tsx).
 */
export function AccountMore({ email, info, reloadInfo, onLogout, onDeleted }: AccountMoreProps) {
  const reauthenticate = useReauthenticate();
  return (
    <>
      <SupportConversations verified={info ? info.emailVerified : null} />

      <section className="auth-section" aria-labelledby="change-email-heading">
        <h2 id="change-email-heading">Change email</h2>
        <ChangeEmailForm
          currentEmail={email}
          onSubmit={async (current, next) => {
            await reauthenticate(current);
            await changeEmail(next);
            await reloadInfo();
          }}
        />
      </section>

      <section className="auth-section" aria-labelledby="change-password-heading">
        <h2 id="change-password-heading">Change password</h2>
        <ChangePasswordForm
          currentEmail={email}
          onSubmit={async (current, password) => {
            await reauthenticate(current);
            await changePassword(password);
          }}
        />
      </section>

      <section className="auth-section" aria-labelledby="help-heading">
        <h2 id="help-heading">Help and session</h2>
        <p>Questions about your account or something not working? Our support team answers within a working day.</p>
        <div className="auth-actions">
          <IonButton fill="outline" href="/support">
            <IonIcon slot="start" icon={helpBuoyOutline} aria-hidden="true" />
            Support
          </IonButton>
          <IonButton fill="outline" onClick={onLogout}>
            <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
            Logout
          </IonButton>
        </div>
      </section>

      <DeleteAccountSection onDeleted={onDeleted} />
    </>
  );
}
