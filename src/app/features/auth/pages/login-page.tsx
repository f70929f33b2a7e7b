import { IonButton, IonContent, IonPage, IonSpinner } from '@ionic/react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { AppHeader } from '../../../shell/app-header';
import { loginWithEmailLink } from '../api/email-link-sign-in';
import { logout, useAuth } from '../../../lib/session/session-store';
import { login } from '../../../lib/session/sign-in';
import { useIdentityProviders } from '../api/providers';
import '../auth.css';
import { FormError } from '../components/auth-fields';
import { CredentialsForm } from '../components/credentials-form';
import { sentenceFor } from '../components/form-state';
import { ProviderButtons } from '../components/provider-buttons';
import { SecondStepForm } from '../components/second-step-form';
import { PendingLinkNotice } from '../components/sign-in-extras';
import { useAuthNavigation } from '../components/use-auth-navigation';
import { useSignInFlow } from '../components/use-sign-in-flow';
import { isConsolePath, loginPathFor } from '../next-path';

/**
 * The link of an EMAIL_SIGNIN mail: /login?mode=signIn&email=...&oobCode=... `signIn` goes
 * through the same flow as a password, so an account with two-step sign-in is asked for its code
 * (decision 0113).
 */
function EmailLinkSignIn({ signIn }: { signIn: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    signIn().catch((caught: unknown) => active && setError(sentenceFor(caught)));
    return () => {
      active = false;
    };
  }, [signIn]);
  if (error) {
    return (
      <>
        <FormError message={error} />
        <p>
          <Link to="/login" className="auth-inline-link">
            Log in with your password instead
          </Link>
        </p>
      </>
    );
  }
  return <IonSpinner name="crescent" aria-label="Logging you in" />;
}

export default function LoginPage() {
  const { user } = useAuth();
  const { next, goNext, search } = useAuthNavigation();
  const providers = useIdentityProviders();
  const flow = useSignInFlow(goNext);
  const params = new URLSearchParams(search);
  const emailHint = params.get('email') ?? '';
  const linkCode = params.get('mode') === 'signIn' ? params.get('oobCode') : null;
  // Sent here by the staff console: the page says where the login leads.
  const staff = isConsolePath(next);
  const title = staff ? 'Staff login' : 'Login';
  const heading = staff ? 'Log in to the staff console' : 'Log in';
  const { passwordSignIn } = flow;
  const linkSignIn = useCallback(
    () => passwordSignIn(() => loginWithEmailLink(emailHint, linkCode ?? '')),
    [passwordSignIn, emailHint, linkCode],
  );

  if (linkCode && emailHint && !user && !flow.mfa) {
    return (
      <IonPage>
        <AppHeader title={title} />
        <IonContent className="auth-content">
          <div className="auth-column">
            <h1>{heading}</h1>
            <EmailLinkSignIn signIn={linkSignIn} />
          </div>
        </IonContent>
      </IonPage>
    );
  }

  return (
    <IonPage>
      <AppHeader title={title} />
      <IonContent className="auth-content">
        <div className="auth-column">
          <h1>{heading}</h1>
          {flow.mfa ? (
            <SecondStepForm pending={flow.mfa} onDone={flow.finish} onRestart={flow.restart} />
          ) : user ? (
            <>
              <p className="auth-lead">You are logged in as {user.email}.</p>
              {flow.error ? <FormError message={flow.error} /> : null}
              <div className="auth-actions">
                <IonButton onClick={goNext}>Continue</IonButton>
                <IonButton fill="outline" onClick={() => void logout()}>
                  Log out
                </IonButton>
              </div>
            </>
          ) : (
            <>
              <p className="auth-lead">
                {staff
                  ? 'Staff and administrators: log in with your company account to edit the site, answer the inbox and manage the console.'
                  : 'Welcome back. Log in to see your account and add movies to the demo list.'}
              </p>
              {flow.pendingLink ? <PendingLinkNotice link={flow.pendingLink} providers={providers} /> : null}
              <CredentialsForm
                key={flow.pendingLink?.email ?? 'login'}
                mode="login"
                initialEmail={flow.pendingLink?.email ?? emailHint}
                onSubmit={(email, password) => flow.passwordSignIn(() => login(email, password))}
              />
              {providers.length > 0 ? <p className="auth-or">or</p> : null}
              <ProviderButtons providers={providers} purpose="signIn" returnTo={`/login${search}`} onOutcome={flow.handleOutcome} />
              {flow.error ? <FormError message={flow.error} /> : null}
              <div className="auth-links">
                <Link to="/forgot-password">Forgot password?</Link>
                <span>
                  New here? <Link to={loginPathFor(next, '/signup')}>Sign up</Link>
                </span>
              </div>
            </>
          )}
        </div>
      </IonContent>
    </IonPage>
  );
}
