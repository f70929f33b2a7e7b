import { sessionTag } from '../../../common/session-tag';
import { checkSession, onAuthStateChanged } from './session-store';
import { onLive } from '../live/index';

let started = false;

/**
 * While someone is signed in, follows the live stream's `sessions` topic: an event carrying the
 * tag of this account (an administrator disabled it or ended its sessions) makes the app ask the
 * server at once, which signs it out with the reason (decision 0910). Nobody signed in: no stream
 * is opened for this.
 */
export function watchSessions(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  let stop: (() => void) | null = null;
  onAuthStateChanged((user) => {
    stop?.();
    stop = null;
    if (!user) return;
    const tag = sessionTag(user.uid);
    stop = onLive('sessions', (event) => {
      if (event.type !== 'change' || event.kind !== 'ended') return;
      void tag.then((mine) => (event.key === mine ? checkSession() : undefined));
    });
  });
}
