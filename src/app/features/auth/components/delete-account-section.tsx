import { IonButton, IonIcon } from '@ionic/react';
import { useAlert } from '../../../lib/use-alert';
import { trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { deleteAccount } from '../api/account';
import { useReauthenticate } from '../../../lib/session/use-reauthenticate';
import { FormError } from './auth-fields';
import { sentenceFor } from './form-state';

/** Deleting the account, after the password is entered again; `onDeleted` leaves the page. */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const presentAlert = useAlert();
  const reauthenticate = useReauthenticate();
  const [deleteError, setDeleteError] = useState<string | null>(null);

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
                await onDeleted();
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
    <section className="auth-section auth-danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete account</h2>
      <p>Deleting your account removes your login for good. Movies you added stay in the demo list.</p>
      <FormError message={deleteError} />
      <IonButton color="danger" onClick={confirmDelete}>
        <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
        Delete account
      </IonButton>
    </section>
  );
}
