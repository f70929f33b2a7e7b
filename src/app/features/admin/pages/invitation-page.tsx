import { IonButton, IonContent, IonHeader, IonInput, IonPage, IonSpinner, IonTitle, IonToolbar, useIonRouter } from '@ionic/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { passwordProblem } from '../../../../common/identity-schemas';
import type { InvitationPreview } from '../../../../common/invitation-schemas';
import { login } from '../../../lib/session/sign-in';
import { acceptInvitation } from '../api/invitations/accept-invitation';
import { lookupInvitation } from '../api/invitations/lookup-invitation';
import { sentenceFor } from '../state/action-errors';
import '../admin.css';
import '../manage.css';

/** The token of `/admin/invitation#token=...` (in the fragment, so no server log or Referer holds it). */
const tokenOfHash = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/**
 * Where an invited colleague lands from the mail: they see the address and role, set a
 * password (and optionally their name), and are signed in and taken to the console.
 */
export default function InvitationPage() {
  const location = useLocation();
  const router = useIonRouter();
  const [token] = useState(() => tokenOfHash(location.hash || window.location.hash));
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(token ? null : 'This page needs the link from your invitation mail.');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    // The token leaves the address bar at once: a screenshot or a shared screen shows no link.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    lookupInvitation(token).then(setPreview, (error: unknown) => setProblem(sentenceFor(error)));
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const weak = passwordProblem(password);
    setFieldError(weak);
    if (weak || !preview) return;
    setBusy(true);
    try {
      await acceptInvitation(token, password, name);
      await login(preview.email, password);
      router.push('/admin', 'root', 'replace');
    } catch (error) {
      setProblem(sentenceFor(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar>
          <IonTitle>Join the staff console</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding admin-page">
        <main className="admin-page__body invitation-page">
          <h1 className="manage-title">Join the staff console</h1>
          {problem && (
            <p role="alert" className="manage-error">
              {problem}
            </p>
          )}
          {!preview && !problem && <IonSpinner aria-label="Checking your invitation" />}
          {preview && (
            <form onSubmit={(event) => void submit(event)} aria-label="Accept the invitation" className="invite-form">
              <p>
                You are invited as <strong>{preview.role}</strong> with the address{' '}
                <strong className="manage-break">{preview.email}</strong>. Choose a password to create your account.
              </p>
              <IonInput
                label="Your name (optional)"
                labelPlacement="stacked"
                fill="outline"
                autocomplete="name"
                maxlength={100}
                value={name}
                onIonInput={(event) => setName(String(event.detail.value ?? ''))}
              />
              <IonInput
                label="Password"
                labelPlacement="stacked"
                fill="outline"
                type="password"
                autocomplete="new-password"
                maxlength={256}
                required
                value={password}
                helperText="At least 8 characters."
                errorText={fieldError ?? undefined}
                className={fieldError ? 'ion-invalid ion-touched' : undefined}
                onIonInput={(event) => setPassword(String(event.detail.value ?? ''))}
              />
              <IonButton type="submit" disabled={busy}>
                {busy ? 'Creating your account…' : 'Create my account'}
              </IonButton>
            </form>
          )}
        </main>
      </IonContent>
    </IonPage>
  );
}
