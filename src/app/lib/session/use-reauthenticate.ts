import { useCallback } from 'react';
import { useAlert } from '../use-alert';
import { MultiFactorRequiredError } from './mfa-required';
import { reauthenticate } from './reauthenticate';
import { finishSecondStep } from './second-step';

/**
 * Proves the account holder before a sensitive change: the password, and for an account with
 * two-step sign-in the code of the authenticator app (or a recovery code), asked in a dialog.
 * Shared by the Account page and the console's recent-sign-in prompt. Apart from `reauthenticate`
 * (reauthenticate.ts), which the Account page's first screen uses without the dialog.
 */
export function useReauthenticate(): (password: string) => Promise<void> {
  const presentAlert = useAlert();
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
