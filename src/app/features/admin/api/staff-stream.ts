import { LIVE } from '../../../../common/constants';
import { readEventStream, reconnectDelay, type SseMessage } from '../../../lib/live/backoff';
import { getIdToken } from '../../../lib/session/session-store';

/**
 * One staff-only topic of the live stream (the inbox, Insights), until the returned function is
 * called. The app's shared stream is anonymous and EventSource cannot send the ID token, so the
 * console reads these with fetch. A stream silent past the keep-alive interval is dead and reopened;
 * reconnects use the app's backoff.
 */
export function openStaffStream(topic: string, onMessage: (message: SseMessage) => void): () => void {
  let stopped = false;
  let controller: AbortController | null = null;

  /** Reads the stream until it ends; true when it had opened (the next try starts the backoff anew). */
  async function readOnce(): Promise<boolean> {
    controller = new AbortController();
    const abort = controller.abort.bind(controller);
    const timer = setTimeout(abort, LIVE.onlineTimeoutMs);
    let opened = false;
    try {
      const idToken = await getIdToken();
      const response = await fetch(`/api/changes?topics=${encodeURIComponent(topic)}`, {
        headers: { accept: 'text/event-stream', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok || !response.body) return false;
      opened = true;
      clearTimeout(timer);
      await readEventStream(response.body, LIVE.streamIdleMs, abort, onMessage);
      return true;
    } catch {
      // Dropped, refused or silent too long: tried again by the caller.
      return opened;
    } finally {
      clearTimeout(timer);
    }
  }

  void (async () => {
    let attempt = 0;
    while (!stopped) {
      attempt = (await readOnce()) ? 0 : attempt + 1;
      if (stopped) return;
      await new Promise((resolve) => setTimeout(resolve, reconnectDelay(attempt)));
    }
  })();

  return () => {
    stopped = true;
    controller?.abort();
  };
}
