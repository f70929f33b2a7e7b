import { IonButton, IonContent, IonPage } from '@ionic/react';
import { Link } from 'react-router-dom';
import { AppHeader } from '../../../shell/app-header';
import { login, logout, useAuth } from '../../../lib/auth-session';
import '../auth.css';
import { CredentialsForm } from '../components/credentials-form';
import { useAuthNavigation } from '../components/use-auth-navigation';
import { loginPathFor } from '../next-path';

export default function LoginPage() {
  const { user } = useAuth();
  const { next, goNext, search } = useAuthNavigation();
  const emailHint = new URLSearchParams(search).get('email') ?? '';

  return (
    <IonPage>
      <AppHeader title="Login" />
      <IonContent className="auth-content">
        <div className="auth-column">
          <h1>Log in</h1>
          {user ? (
            <>
              <p className="auth-lead">You are logged in as {user.email}.</p>
              <div className="auth-actions">
                <IonButton onClick={goNext}>Continue</IonButton>
                <IonButton fill="outline" onClick={() => void logout()}>
                  Log out
                </IonButton>
              </div>
            </>
          ) : (
            <>
              <p className="auth-lead">Welcome back. Log in to see your account and add movies to the demo list.</p>
              <CredentialsForm
                mode="login"
                initialEmail={emailHint}
                onSubmit={async (email, password) => {
                  await login(email, password);
                  goNext();
                }}
              />
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
