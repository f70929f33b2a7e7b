import { IonButton, IonContent, IonIcon, IonPage, useIonAlert, useIonRouter, useIonToast } from '@ionic/react';
import { helpBuoyOutline, logOutOutline, trashOutline } from 'ionicons/icons';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  accountInfo,
  applyEmailVerification,
  changeEmail,
  changePassword,
  deleteAccount,
  logout,
  sendEmailVerification,
  useAuth,
} from '../../../lib/auth-session';
import type { AccountInfo } from '../../../lib/identity-client';
import { AppHeader } from '../../../shell/app-header';
import { useIdentityProviders } from '../api/providers';
import '../auth.css';
import { SignInMethods } from '../components/sign-in-methods';
import { TwoStepSection } from '../components/two-step-section';
import { useReauthenticate } from '../../../lib/use-reauthenticate';
import { ChangeEmailForm, ChangePasswordForm } from '../components/account-forms';
import { FormError, FormNotice } from '../components/auth-fields';
import { sentenceFor } from '../components/form-state';
import { loginPathFor } from '../next-path';

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

function formatMillis(value: string | undefined): string {
  if (!value) return '—';
  const date = new Date(Number(value));
  return Number.isNaN(date.getTime()) ? '—' : DATE_FORMAT.format(date);
}

export default function AccountPage() {
  const { user } = useAuth();
  const router = useIonRouter();
  const [presentAlert] = useIonAlert();
  const [presentToast] = useIonToast();
  const [info, setInfo] = useState<AccountInfo | null>(null);
  const [infoError, setInfoError] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [verifyNotice, setVerifyNotice] = useState<string | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const providers = useIdentityProviders();
  const reauthenticate = useReauthenticate();
  const reloadInfo = useCallback(async () => setInfo(await accountInfo()), []);
  const params = new URLSearchParams(useLocation().search);
  const verifyCode = params.get('mode') === 'verifyEmail' ? params.get('oobCode') : null;

  // The link of a VERIFY_EMAIL mail lands here.
  useEffect(() => {
    if (!verifyCode) return;
    let active = true;
    applyEmailVerification(verifyCode)
      .then(async () => {
        if (!active) return;
        setVerifyNotice('Thank you: your email address is confirmed.');
        if (user) setInfo(await accountInfo());
      })
      .catch((error: unknown) => active && setVerifyError(sentenceFor(error)));
    return () => {
      active = false;
    };
    // Only the code matters; re-running for a new user object would reuse a spent code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [verifyCode]);

  const sendVerification = async () => {
    setVerifyError(null);
    try {
      await sendEmailVerification();
      setVerifyNotice(`We sent a confirmation link to ${user?.email ?? 'your address'}.`);
    } catch (error) {
      setVerifyError(sentenceFor(error));
    }
  };

  useEffect(() => {
    if (!user) return;
    let active = true;
    accountInfo()
      .then((value) => {
        if (active) setInfo(value);
      })
      .catch((error: unknown) => {
        if (active) setInfoError(sentenceFor(error));
      });
    return () => {
      active = false;
    };
  }, [user]);

  const leave = async (message: string) => {
    router.push('/app/tabs/home', 'root', 'replace');
    await presentToast({ message, duration: 3000, position: 'bottom' });
  };

  const onLogout = async () => {
    await logout();
    router.push('/app/tabs/home', 'root', 'replace');
  };

  const confirmDelete = () => {
    setDeleteError(null);
    void presentAlert({
      header: 'Delete your account?',
      message: 'This removes your account for good. Enter your password to confirm.',
      inputs: [
        {
          name: 'password',
          type: 'password',
          placeholder: 'Current password',
          attributes: { 'aria-label': 'Current password', autocomplete: 'current-password' },
        },
      ],
      buttons: [
        { text: 'Cancel', role: 'cancel' },
        {
          text: 'Delete account',
          role: 'destructive',
          cssClass: 'alert-button-danger',
          handler: (values: { password?: string }) => {
            const password = values.password ?? '';
            if (!password) {
              setDeleteError('Enter your current password to delete your account.');
              return;
            }
            void (async () => {
              try {
                await reauthenticate(password);
                await deleteAccount();
                await leave('Your account has been deleted.');
              } catch (error) {
                setDeleteError(sentenceFor(error));
              }
            })();
          },
        },
      ],
    });
  };

  return (
    <IonPage>
      <AppHeader title="Account" />
      <IonContent className="auth-content">
        <div className="auth-column auth-wide">
          <h1>Account</h1>
          <FormNotice message={verifyNotice} />
          <FormError message={verifyError} />
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
              <section className="auth-section" aria-labelledby="profile-heading">
                <h2 id="profile-heading">Your details</h2>
                <dl className="auth-facts">
                  <dt>Email</dt>
                  <dd data-testid="account-email">{info?.email ?? user.email}</dd>
                  <dt>Email confirmed</dt>
                  <dd>{info ? (info.emailVerified ? 'Yes' : 'Not yet') : '—'}</dd>
                  <dt>Member since</dt>
                  <dd>{formatMillis(info?.createdAt)}</dd>
                  <dt>Last login</dt>
                  <dd>{formatMillis(info?.lastLoginAt)}</dd>
                </dl>
                <FormError message={infoError} />
                {info && !info.emailVerified ? (
                  <IonButton fill="outline" size="small" className="auth-verify-button" onClick={() => void sendVerification()}>
                    Send confirmation mail
                  </IonButton>
                ) : null}
              </section>

              {info ? <SignInMethods info={info} providers={providers} reload={reloadInfo} /> : null}
              {info ? <TwoStepSection info={info} reload={reloadInfo} /> : null}

              <section className="auth-section" aria-labelledby="change-email-heading">
                <h2 id="change-email-heading">Change email</h2>
                <ChangeEmailForm
                  currentEmail={user.email}
                  onSubmit={async (current, email) => {
                    await reauthenticate(current);
                    await changeEmail(email);
                    setInfo(await accountInfo());
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

              <section className="auth-section auth-danger" aria-labelledby="delete-heading">
                <h2 id="delete-heading">Delete account</h2>
                <p>Deleting your account removes your login for good. Movies you added stay in the demo list.</p>
                <FormError message={deleteError} />
                <IonButton color="danger" onClick={confirmDelete}>
                  <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
                  Delete account
                </IonButton>
              </section>
            </>
          )}
        </div>
      </IonContent>
    </IonPage>
  );
}
