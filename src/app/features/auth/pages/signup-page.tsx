import { IonButton, IonContent, IonPage } from '@ionic/react';
import { Link } from 'react-router-dom';
import { AppHeader } from '../../../shell/app-header';
import { register } from '../api/sign-up';
import { useAuth } from '../../../lib/session/session-store';
import { login } from '../../../lib/session/sign-in';
import { useIdentityProviders } from '../api/providers';
import '../auth.css';
import { FormError } from '../components/auth-fields';
import { CredentialsForm } from '../components/credentials-form';
import { ProviderButtons } from '../components/provider-buttons';
import { SecondStepForm } from '../components/second-step-form';
import { PendingLinkNotice } from '../components/sign-in-extras';
import { useAuthNavigation } from '../components/use-auth-navigation';
import { useSignInFlow } from '../components/use-sign-in-flow';
import { loginPathFor } from '../next-path';

export default function SignupPage() {
  const { user } = useAuth();
  const { next, goNext, search } = useAuthNavigation();
  const providers = useIdentityProviders();
  const flow = useSignInFlow(goNext);

  return (
    <IonPage>
      <AppHeader title="Signup" />
      <IonContent className="auth-content">
        <div className="auth-column">
          <h1>Create your account</h1>
          {flow.mfa ? (
            <SecondStepForm pending={flow.mfa} onDone={flow.finish} onRestart={flow.restart} />
          ) : flow.pendingLink && !user ? (
            <>
              {/* A provider's email that is already an account's: prove it here, then the provider is linked. */}
              <PendingLinkNotice link={flow.pendingLink} providers={providers} />
              <CredentialsForm
                mode="login"
                initialEmail={flow.pendingLink.email}
                onSubmit={(email, password) => flow.passwordSignIn(() => login(email, password))}
              />
            </>
          ) : user ? (
            <>
              <p className="auth-lead">You are logged in as {user.email}.</p>
              {flow.error ? <FormError message={flow.error} /> : null}
              <IonButton onClick={goNext}>Continue</IonButton>
            </>
          ) : (
            <>
              <p className="auth-lead">An email address and a password are all it takes. You are logged in straight away.</p>
              <CredentialsForm
                mode="signup"
                onSubmit={async (email, password) => {
                  await register(email, password);
                  goNext();
                }}
              />
              {providers.length > 0 ? <p className="auth-or">or</p> : null}
              <ProviderButtons providers={providers} purpose="signIn" returnTo={`/signup${search}`} onOutcome={flow.handleOutcome} />
              {flow.error ? <FormError message={flow.error} /> : null}
              <div className="auth-links">
                <span>
                  Already have an account? <Link to={loginPathFor(next)}>Log in</Link>
                </span>
              </div>
            </>
          )}
        </div>
      </IonContent>
    </IonPage>
  );
}
