import { IonToast } from '@ionic/react';
import { type AuthClientCode, authErrorSentence, endsSession } from '../../common/auth-errors';
import { clearSessionEnded } from '../lib/session/session-ended';

/** The toast itself: its own chunk, loaded only when a session was ended by the server. */
export function SessionEndedView({ reason }: { reason: string }) {
  // Only the codes that sign out have a sentence here; anything else in storage says the general one.
  const code: AuthClientCode = endsSession(reason as AuthClientCode) ? (reason as AuthClientCode) : 'user-token-expired';
  return (
    <IonToast
      isOpen
      message={authErrorSentence(code)}
      position="top"
      color="dark"
      buttons={[{ text: 'Close', role: 'cancel' }]}
      onDidDismiss={clearSessionEnded}
    />
  );
}
