import { useEffect, useState } from 'react';
import type { AdminSession } from '../../../../common/admin-schemas';
import { ApiError } from '../../../../common/api-error';
import { useAuth } from '../../../lib/session/session-store';
import { adminSessionFor } from '../api/console-answers';

export type AdminSessionState =
  | { status: 'loading' }
  | { status: 'anonymous' }
  | { status: 'forbidden' }
  /** Staff without a second factor while the setting requires one: the server's sentence. */
  | { status: 'two-step'; message: string }
  | { status: 'error'; message: string }
  | { status: 'ready'; session: AdminSession };

/** The console's gate: asks the server, which reads roles from the database, on each sign-in change. */
export function useAdminSession(): AdminSessionState {
  const { user, ready } = useAuth();
  const uid = user?.uid ?? null;
  // The answer is kept with the account it was asked for, so a change of account shows loading.
  const [answer, setAnswer] = useState<{ uid: string; state: AdminSessionState } | null>(null);

  useEffect(() => {
    if (!uid) return;
    let active = true;
    adminSessionFor(uid)
      .then((session) => active && setAnswer({ uid, state: { status: 'ready', session } }))
      .catch((error: unknown) => {
        if (!active) return;
        const state: AdminSessionState =
          error instanceof ApiError && error.status === 401
            ? { status: 'anonymous' }
            : error instanceof ApiError && error.code === 'two_step_required'
              ? { status: 'two-step', message: error.message }
              : error instanceof ApiError && error.status === 403
                ? { status: 'forbidden' }
                : { status: 'error', message: error instanceof Error ? error.message : 'The console could not be opened.' };
        setAnswer({ uid, state });
      });
    return () => {
      active = false;
    };
  }, [uid]);

  if (!ready) return { status: 'loading' };
  if (!uid) return { status: 'anonymous' };
  return answer?.uid === uid ? answer.state : { status: 'loading' };
}
