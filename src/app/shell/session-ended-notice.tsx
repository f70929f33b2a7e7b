import { lazy, Suspense } from 'react';
import { useSessionEnded } from '../lib/session/session-ended';

const SessionEndedView = lazy(() => import('./session-ended-view').then((module) => ({ default: module.SessionEndedView })));

/**
 * When the server ends the session (the account was disabled, an administrator ended
 * its sessions) the app signs out and says why, with that error code's sentence, until dismissed.
 */
export function SessionEndedNotice() {
  const reason = useSessionEnded();
  if (!reason) return null;
  return (
    <Suspense fallback={null}>
      <SessionEndedView reason={reason} />
    </Suspense>
  );
}
