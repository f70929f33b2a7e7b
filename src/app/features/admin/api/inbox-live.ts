import { getIdToken } from '../../../lib/auth-session';
import type { InboxMessage } from '../../../../common/inbox-schemas';
import type { InboxLiveEvent } from './inbox-api';

/** One SSE message block (`event:` and `data:` lines) to an inbox event, or null. */
export function parseInboxBlock(block: string): InboxLiveEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (event === 'reset') return { kind: 'reset' };
  if (event !== 'change' || data.length === 0) return null;
  try {
    const change = JSON.parse(data.join('\n')) as { topic?: string; kind?: string; data?: InboxMessage };
    if (change.topic !== 'inbox' || !change.data || (change.kind !== 'add' && change.kind !== 'update')) return null;
    return { kind: change.kind, message: change.data };
  } catch {
    return null;
  }
}

/**
 * Follows the staff-only `inbox` topic of the live stream. The shared stream of the app is
 * anonymous, and EventSource cannot send the ID token, so the console reads the stream with
 * fetch; it reconnects after 1 s, then up to 30 s between tries.
 */
export function followInbox(onEvent: (event: InboxLiveEvent) => void): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let delay = 1000;

  async function connect(): Promise<void> {
    while (!stopped) {
      controller = new AbortController();
      try {
        const idToken = await getIdToken();
        const response = await fetch('/api/changes?topics=inbox', {
          headers: { accept: 'text/event-stream', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        delay = 1000;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n/g, '\n');
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const event = parseInboxBlock(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (event) onEvent(event);
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Dropped or refused: tried again below.
      }
      if (stopped) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(30_000, delay * 2);
    }
  }

  void connect();
  return () => {
    stopped = true;
    controller?.abort();
  };
}
