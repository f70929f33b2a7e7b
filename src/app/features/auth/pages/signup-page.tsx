import { IonButton, IonContent, IonPage } from '@ionic/react';
import { Link } from 'react-router-dom';
import { AppHeader } from '../../../shell/app-header';
import { register, useAuth } from '../../../lib/auth-session';
import '../auth.css';
import { CredentialsForm } from '../components/credentials-form';
import { useAuthNavigation } from '../components/use-auth-navigation';
import { loginPathFor } from '../next-path';

export default function SignupPage() {
  const { user } = useAuth();
  const { next, goNext } = useAuthNavigation();

  return (
    <IonPage>
      <AppHeader title="Signup" />
      <IonContent className="auth-content">
        <div className="auth-column">
          <h1>Create your account</h1>
          {user ? (
            <>
              <p className="auth-lead">You are logged in as {user.email}.</p>
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
