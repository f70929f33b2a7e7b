import { useIonAlert } from '@ionic/react';
import { useCallback } from 'react';
import { reauthenticate } from './auth-session';
import { MultiFactorRequiredError } from './idp/mfa-required';
import { finishSecondStep } from './idp/second-step';

/**
 * Proves the account holder before a sensitive change: the password, and for an account with
 * two-step sign-in the code of the authenticator app (or a recovery code), asked in a dialog.
 * Shared by the Account page and the console's recent-sign-in prompt.
 */
export function useReauthenticate(): (password: string) => Promise<void> {
  const [presentAlert] = useIonAlert();
  return useCallback(
    async (password: string) => {
      try {
        await reauthenticate(password);
      } catch (caught) {
        if (!(caught instanceof MultiFactorRequiredError)) throw caught;
        const code = await new Promise<string | null>((resolve) => {
          void presentAlert({
            header: 'Two-step sign-in',
            message: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
            inputs: [
              {
                name: 'code',
                type: 'text',
                placeholder: 'Code',
                attributes: { 'aria-label': 'Code', autocomplete: 'one-time-code', maxlength: 20 },
              },
            ],
            buttons: [
              { text: 'Cancel', role: 'cancel' },
              { text: 'Verify', handler: (values: { code?: string }) => resolve(values.code ?? '') },
            ],
            onDidDismiss: () => resolve(null),
          });
        });
        if (code === null) throw caught;
        await finishSecondStep(caught.pending, code);
      }
    },
    [presentAlert],
  );
}
