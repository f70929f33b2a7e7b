import { IonButton, IonContent, IonIcon, IonPage, useIonRouter, useIonToast } from '@ionic/react';
import { helpBuoyOutline, logOutOutline } from 'ionicons/icons';
import { useLocation } from 'react-router-dom';
import { changeEmail, changePassword } from '../api/account';
import { useHoldFirstScreen } from '../../../lib/after-first-screen';
import { logout, useAuth } from '../../../lib/session/session-store';
import { useReauthenticate } from '../../../lib/session/reauthenticate';
import { AppHeader } from '../../../shell/app-header';
import { useIdentityProviders } from '../api/providers';
import '../auth.css';
import { AccountDetails } from '../components/account-details';
import { ChangeEmailForm, ChangePasswordForm } from '../components/account-forms';
import { FormError, FormNotice } from '../components/auth-fields';
import { DeleteAccountSection } from '../components/delete-account-section';
import { SignInMethods } from '../components/sign-in-methods';
import { SupportConversations } from '../components/support-conversations';
import { TwoStepSection } from '../components/two-step-section';
import { loginPathFor } from '../next-path';
import { useAccountInfo } from '../state/use-account-info';

/** The signed-in user's account: details, sign-in methods, two-step sign-in, changes, help, deletion. */
export default function AccountPage() {
  const { user } = useAuth();
  const router = useIonRouter();
  const [presentToast] = useIonToast();
  const providers = useIdentityProviders();
  const reauthenticate = useReauthenticate();
  const params = new URLSearchParams(useLocation().search);
  const verifyCode = params.get('mode') === 'verifyEmail' ? params.get('oobCode') : null;
  const account = useAccountInfo(user, verifyCode);
  const { info, reloadInfo } = account;
  // The sections below the details wait for them (or for their error): drawn first and then
  // pushed down by the two that need them, they jumped half a phone screen (CLS 0.43).
  const detailsSettled = Boolean(info || account.infoError);
  // The first screen is the details: what waits for it (the session watch) waits for them.
  useHoldFirstScreen(!user || detailsSettled);

  const leave = async (message: string) => {
    router.push('/app/tabs/home', 'root', 'replace');
    await presentToast({ message, duration: 3000, position: 'bottom' });
  };

  const onLogout = async () => {
    await logout();
    router.push('/app/tabs/home', 'root', 'replace');
  };

  return (
    <IonPage>
      <AppHeader title="Account" />
      <IonContent className="auth-content">
        <div className="auth-column auth-wide">
          <h1>Account</h1>
          <FormNotice message={account.verifyNotice} />
          <FormError message={account.verifyError} />
          {!user ? (
            <>
              <p className="auth-lead">Log in to see your account.</p>
              <div className="auth-actions">
                <IonButton routerLink={loginPathFor('/account')}>Log in</IonButton>
                <IonButton fill="outline" routerLink={loginPathFor('/account', '/signup')}>
                  Sign up
                </IonButton>
              </div>
            </>
          ) : (
            <>
              <AccountDetails
                email={user.email}
                info={info}
                error={account.infoError}
                onSendVerification={() => void account.sendVerification()}
              />

              {!detailsSettled ? (
                <p className="auth-lead" role="status">
                  Loading your account…
                </p>
              ) : null}
              {info ? <SignInMethods info={info} providers={providers} reload={reloadInfo} /> : null}
              {info ? <TwoStepSection info={info} reload={reloadInfo} /> : null}
            </>
          )}
          {user && detailsSettled ? (
            <>
              <SupportConversations verified={info ? info.emailVerified : null} />

              <section className="auth-section" aria-labelledby="change-email-heading">
                <h2 id="change-email-heading">Change email</h2>
                <ChangeEmailForm
                  currentEmail={user.email}
                  onSubmit={async (current, email) => {
                    await reauthenticate(current);
                    await changeEmail(email);
                    await reloadInfo();
                  }}
                />
              </section>

              <section className="auth-section" aria-labelledby="change-password-heading">
                <h2 id="change-password-heading">Change password</h2>
                <ChangePasswordForm
                  currentEmail={user.email}
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
                  <IonButton fill="outline" onClick={() => void onLogout()}>
                    <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
                    Logout
                  </IonButton>
                </div>
              </section>

              <DeleteAccountSection onDeleted={() => leave('Your account has been deleted.')} />
            </>
          ) : null}
        </div>
      </IonContent>
    </IonPage>
  );
}
