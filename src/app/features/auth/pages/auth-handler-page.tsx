import { IonContent, IonPage, IonSpinner } from '@ionic/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { authErrorSentence, type AuthClientCode } from '../../../../common/auth-errors';
import { completeProviderReturn } from '../state/idp/flow';
import { AppHeader } from '../../../shell/app-header';
import '../auth.css';
import { FormError } from '../components/auth-fields';

/**
 * /auth/handler: where a sign-in provider sends the user back. It completes the sign-in and
 * hands the answer to the window that started it (a popup closes itself; a redirect goes back).
 */
export default function AuthHandlerPage() {
  const [problem, setProblem] = useState<AuthClientCode | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // The provider's answer is single-use: never sent twice, even by a double mount.
    if (started.current) return;
    started.current = true;
    completeProviderReturn().then(setProblem, () => setProblem('internal-error'));
  }, []);
  return (
    <IonPage>
      <AppHeader title="Signing in" />
      <IonContent className="auth-content">
        <div className="auth-column">
          <h1>Signing in</h1>
          {problem ? (
            <>
              <FormError
                message={
                  problem === 'code-expired' ? 'This sign-in is over or took too long. Please start again.' : authErrorSentence(problem)
                }
              />
              <p>
                <Link to="/login" className="auth-inline-link">
                  Back to the login page
                </Link>
              </p>
            </>
          ) : (
            <p className="auth-lead" role="status">
              <IonSpinner name="crescent" aria-hidden="true" /> Finishing your sign-in…
            </p>
          )}
        </div>
      </IonContent>
    </IonPage>
  );
}
