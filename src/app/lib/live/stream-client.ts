import { LIVE } from '../../../common/constants';
import { formatCursor } from '../../../common/live-cursor';
import { readEventStream, reconnectDelay } from './backoff';
import { LIVE_TOPICS, type LiveEvent, type LiveSink, type LiveStatus } from './live-types';

type TabMessage =
  { type: 'event'; event: LiveEvent; cursor: string | undefined } | { type: 'status'; status: LiveStatus } | { type: 'hello' };

const CHANNEL = 'northwind-live';
const LEADER_LOCK = 'northwind-live-stream';

/**
 * Starts this tab's part: one tab (holding a Web Lock) keeps the stream and repeats what it
 * hears to the other tabs over a BroadcastChannel; when it closes, another tab takes over from
 * the last cursor. Without Web Locks each tab keeps its own stream.
 */
export function startStream(sink: LiveSink, loaded: () => ReadonlyMap<string, number> = () => new Map()): void {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  let leading = false;
  let cursor: string | undefined;
  // Before the stream has said where this tab stands: the versions of what the page loaded.
  const firstCursor = () => (loaded().size > 0 ? formatCursor(loaded()) : undefined);
  let lastStatus: LiveStatus = 'connecting';
  channel?.addEventListener('message', (message: MessageEvent<TabMessage>) => {
    const data = message.data;
    if (data.type === 'event') {
      cursor = data.cursor ?? cursor;
      sink.dispatch(data.event);
    } else if (data.type === 'status') sink.setStatus(data.status);
    else if (data.type === 'hello' && leading) channel.postMessage({ type: 'status', status: lastStatus } satisfies TabMessage);
  });
  const lead = () => {
    leading = true;
    return runStream(
      () => cursor ?? firstCursor(),
      (event, next) => {
        cursor = next ?? cursor;
        sink.dispatch(event);
        channel?.postMessage({ type: 'event', event, cursor } satisfies TabMessage);
      },
      (next) => {
        lastStatus = next;
        sink.setStatus(next);
        channel?.postMessage({ type: 'status', status: next } satisfies TabMessage);
      },
    );
  };
  if (navigator.locks?.request) void navigator.locks.request(LEADER_LOCK, lead);
  else void lead();
  channel?.postMessage({ type: 'hello' } satisfies TabMessage);
}

/** Keeps one stream open for as long as the page lives, reconnecting with backoff (backoff.ts). */
async function runStream(
  cursor: () => string | undefined,
  emit: (event: LiveEvent, cursor: string | undefined) => void,
  setStatus: (status: LiveStatus) => void,
): Promise<never> {
  let attempt = 0;
  for (;;) {
    if (!navigator.onLine) setStatus('offline');
    const connected = navigator.onLine ? await connectOnce(cursor(), emit, () => setStatus('online')) : false;
    if (connected) attempt = 0;
    setStatus(navigator.onLine && connected ? 'connecting' : 'offline');
    await pause(connected ? reconnectDelay(0) : reconnectDelay(attempt++));
  }
}

/** Waits `ms`, or less when the browser says it is back online. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/** One connection: resolves when it ends; true when it was open at some point. */
async function connectOnce(
  since: string | undefined,
  emit: (event: LiveEvent, cursor: string | undefined) => void,
  onOpen: () => void,
): Promise<boolean> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  window.addEventListener('offline', abort);
  // No answer within 10 s counts as offline; then no byte within 60 s (keep-alives come every 25 s).
  const timer = setTimeout(abort, LIVE.onlineTimeoutMs);
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (since) headers['Last-Event-ID'] = since;
  let opened = false;
  try {
    const response = await fetch(`/api/changes?topics=${LIVE_TOPICS.join(',')}`, {
      headers,
      cache: 'no-store',
      credentials: 'same-origin',
      signal: controller.signal,
    });
    if (!response.ok || !response.body) return false;
    opened = true;
    onOpen();
    clearTimeout(timer);
    await readEventStream(response.body, LIVE.streamIdleMs, abort, (message) => {
      if (message.event !== 'change' && message.event !== 'reset') return;
      const data = JSON.parse(message.data) as Omit<LiveEvent, 'type'>;
      emit({ ...data, type: message.event } as LiveEvent, message.id);
    });
  } catch {
    // Network gone, timed out or aborted: the caller waits and tries again.
  } finally {
    clearTimeout(timer);
    window.removeEventListener('offline', abort);
  }
  return opened;
}
