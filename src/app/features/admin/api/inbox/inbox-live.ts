import type { InboxMessage } from '../../../../../common/inbox-schemas';
import type { SseMessage } from '../../../../lib/live/backoff';
import { openStaffStream } from '../staff-stream';

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
  stop ??= openStaffStream('inbox', (message) => {
    const event = inboxEventOf(message);
    if (event) for (const listener of listeners) listener(event);
  });
  return () => {
    listeners.delete(onEvent);
    if (listeners.size === 0) {
      stop?.();
      stop = null;
    }
  };
}
