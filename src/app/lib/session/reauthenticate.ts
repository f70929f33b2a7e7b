import { useAlert } from '../use-alert';
import { useCallback } from 'react';
import { AuthError } from '../../../common/auth-errors';
import { sessionClient } from './identity-request';
import { assertNoSecondStep, MultiFactorRequiredError } from './mfa-required';
import { finishSecondStep } from './second-step';
import { currentUser, keepSession } from './session-store';

/** Proves the person is still the account holder (sensitive changes need a sign-in under 5 minutes). */
export async function reauthenticate(password: string): Promise<void> {
  const current = currentUser();
  if (!current) throw new AuthError('user-token-expired');
  const body = await sessionClient.signInWithPassword(current.email, password);
  if (body.localId !== current.uid) throw new AuthError('user-mismatch');
  assertNoSecondStep(body);
  keepSession(body);
}

/**
 * Proves the account holder before a sensitive change: the password, and for an account with
 * two-step sign-in the code of the authenticator app (or a recovery code), asked in a dialog.
 * Shared by the Account page and the console's recent-sign-in prompt.
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
