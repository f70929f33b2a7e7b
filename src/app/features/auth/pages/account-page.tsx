import { IonButton, IonContent, IonPage, useIonRouter, useIonToast } from '@ionic/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { afterFirstScreen, useHoldFirstScreen } from '../../../lib/after-first-screen';
import { logout, useAuth } from '../../../lib/session/session-store';
import { AppHeader } from '../../../shell/app-header';
import { useIdentityProviders } from '../api/providers';
import '../auth.css';
import { AccountDetails } from '../components/account-details';
import { FormError, FormNotice } from '../components/auth-fields';
import { SignInMethods } from '../components/sign-in-methods';
import { TwoStepSection } from '../components/two-step-section';
import { loginPathFor } from '../next-path';
import { useAccountInfo } from '../state/use-account-info';

// What lies below the first screen (support, changes, help, deletion) loads after it is drawn.
const AccountMore = lazy(() => import('../components/account-more').then((module) => ({ default: module.AccountMore })));

/** The signed-in user's account: details, sign-in methods, two-step sign-in, changes, help, deletion. */
export default function AccountPage() {
  const { user } = useAuth();
  const router = useIonRouter();
  const [presentToast] = useIonToast();
  const providers = useIdentityProviders();
  const params = new URLSearchParams(useLocation().search);
  const verifyCode = params.get('mode') === 'verifyEmail' ? params.get('oobCode') : null;
  const account = useAccountInfo(user, verifyCode);
  const { info, reloadInfo } = account;
  // The sections below the details wait for them (or for their error): drawn first and then
  // pushed down by the two that need them, they jumped half a phone screen (CLS 0.43).
  const detailsSettled = Boolean(info || account.infoError);
  // The first screen is the details: what waits for it (the session watch) waits for them.
  useHoldFirstScreen(!user || detailsSettled);
  const [more, setMore] = useState(false);
  useEffect(() => afterFirstScreen(() => setMore(true)), []);

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
          {user && detailsSettled && more ? (
            <Suspense fallback={null}>
              <AccountMore
                email={user.email}
                info={info}
                reloadInfo={reloadInfo}
                onLogout={() => void onLogout()}
                onDeleted={() => leave('Your account has been deleted.')}
              />
            </Suspense>
          ) : null}
        </div>
      </IonContent>
    </IonPage>
  );
}
