import { LIVE } from '../../../../../common/constants';
import type { InboxMessage } from '../../../../../common/inbox-schemas';
import { getIdToken } from '../../../../lib/session/session-store';
import { readEventStream, reconnectDelay, type SseMessage } from '../../../../lib/live/backoff';

export type InboxLiveEvent = { kind: 'add' | 'update'; message: InboxMessage } | { kind: 'reset' };

/** One message of the stream to an inbox event, or null for anything else. */
export function inboxEventOf(message: SseMessage): InboxLiveEvent | null {
  if (message.event === 'reset') return { kind: 'reset' };
  if (message.event !== 'change') return null;
  try {
    const change = JSON.parse(message.data) as { topic?: string; kind?: string; data?: InboxMessage };
    if (change.topic !== 'inbox' || !change.data || (change.kind !== 'add' && change.kind !== 'update')) return null;
    return { kind: change.kind, message: change.data };
  } catch {
    return null;
  }
}

type Listener = (event: InboxLiveEvent) => void;

const listeners = new Set<Listener>();
let stop: (() => void) | null = null;

/**
 * Follows the staff-only `inbox` topic of the live stream. The inbox list and an open message
 * (both kept mounted by the page stack) share one connection, open while anyone listens.
 */
export function followInbox(onEvent: Listener): () => void {
  listeners.add(onEvent);
  stop ??= openStream((event) => {
    for (const listener of listeners) listener(event);
  });
  return () => {
    listeners.delete(onEvent);
    if (listeners.size === 0) {
      stop?.();
      stop = null;
    }
  };
}

/**
 * The app's shared stream is anonymous and EventSource cannot send the ID token, so the console
 * reads this one with fetch. A stream silent past the keep-alive interval is dead and reopened;
 * reconnects use the app's backoff.
 */
function openStream(emit: Listener): () => void {
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
      const response = await fetch('/api/changes?topics=inbox', {
        headers: { accept: 'text/event-stream', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok || !response.body) return false;
      opened = true;
      clearTimeout(timer);
      await readEventStream(response.body, LIVE.streamIdleMs, abort, (message) => {
        const event = inboxEventOf(message);
        if (event) emit(event);
      });
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
