import { useAlert } from '../../../lib/use-alert';
import { useCallback, useState } from 'react';
import { useReauthenticate } from '../../../lib/session/use-reauthenticate';
import { needsRecentSignIn, sentenceFor } from './action-errors';

export interface GuardedAction {
  /** Runs the action; asks for the password again and retries once when the server wants a recent sign-in. */
  run<T>(action: () => Promise<T>, done?: string): Promise<T | undefined>;
  /** Asks "are you sure"; resolves true on the confirming button. */
  confirm(header: string, message: string, confirmText: string): Promise<boolean>;
  busy: boolean;
  /** The last failure as a sentence, or null. */
  error: string | null;
  /** The last success, said to screen readers. */
  notice: string | null;
  clear(): void;
  /** Says a success that is only whole after more work than the action (the list read again). */
  notify(done: string): void;
}

/** The console's changes: a busy flag, errors as sentences, and the recent sign-in rule. */
export function useGuardedAction(): GuardedAction {
  const presentAlert = useAlert();
  // The password, and the second step's code for an account that has one.
  const reauthenticate = useReauthenticate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const ask = useCallback(
    (header: string, message: string, confirmText: string, password: boolean) =>
      new Promise<string | null>((resolve) => {
        let answer: string | null = null;
        void presentAlert({
          header,
          message,
          inputs: password
            ? [
                {
                  name: 'password',
                  type: 'password',
                  placeholder: 'Your password',
                  attributes: { 'aria-label': 'Your password', autocomplete: 'current-password' },
                },
              ]
            : [],
          buttons: [
            { text: 'Cancel', role: 'cancel' },
            { text: confirmText, role: 'confirm', handler: (values?: { password?: string }) => void (answer = values?.password ?? '') },
          ],
          onDidDismiss: () => resolve(answer),
        });
      }),
    [presentAlert],
  );

  const run = useCallback(
    async <T>(action: () => Promise<T>, done?: string): Promise<T | undefined> => {
      setBusy(true);
      setError(null);
      setNotice(null);
      try {
        let result: T;
        try {
          result = await action();
        } catch (failure) {
          if (!needsRecentSignIn(failure)) throw failure;
          const password = await ask(
            'Confirm it is you',
            'For your security, enter your password again to make this change.',
            'Confirm',
            true,
          );
          if (!password) {
            setError(password === '' ? 'Enter your password to make this change.' : 'Nothing was changed.');
            return undefined;
          }
          await reauthenticate(password);
          result = await action();
        }
        if (done) setNotice(done);
        return result;
      } catch (failure) {
        setError(sentenceFor(failure));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [ask, reauthenticate],
  );

  const confirm = useCallback(
    async (header: string, message: string, confirmText: string) => (await ask(header, message, confirmText, false)) !== null,
    [ask],
  );

  const notify = useCallback((done: string) => {
    setError(null);
    setNotice(done);
  }, []);

  return { run, confirm, busy, error, notice, clear: () => (setError(null), setNotice(null)), notify };
}
