/** A Server-Sent Events reader over fetch, for the API tests: real HTTP, real parsing. */
export interface SseMessage {
  event: string;
  id: string | undefined;
  data: unknown;
}

export interface SseConnection {
  status: number;
  /** The response's headers (which instance answered, behind a balancer: X-Instance). */
  headers: Headers;
  messages: SseMessage[];
  /** The id of the last message that carried one (what a browser sends as Last-Event-ID). */
  lastEventId(): string | undefined;
  /** Resolves with the first message (already received or later) matching, or rejects after `ms`. */
  waitFor(match: (message: SseMessage) => boolean, ms?: number): Promise<SseMessage>;
  close(): void;
  closed: Promise<void>;
}

export async function openStream(
  url: string,
  options: { headers?: Record<string, string>; lastEventId?: string } = {},
): Promise<SseConnection> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const response = await fetch(url, { headers, signal: controller.signal });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => unknown>();
  let lastId: string | undefined;
  let closed: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    closed = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const message: SseMessage = { event: 'message', id: undefined, data: undefined };
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const [field, ...rest] = line.split(': ');
              const text = rest.join(': ');
              if (field === 'event') message.event = text;
              if (field === 'id') message.id = text;
              if (field === 'data') data += text;
            }
            if (!data && message.event === 'message') continue;
            message.data = data ? JSON.parse(data) : undefined;
            if (message.id !== undefined) lastId = message.id;
            messages.push(message);
            for (const wake of [...waiters]) wake();
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  } else {
    await response.text().catch(() => undefined);
  }
  return {
    status: response.status,
    headers: response.headers,
    messages,
    lastEventId: () => lastId,
    waitFor(match, ms = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching stream message within ${ms} ms; got ${JSON.stringify(messages)}`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    close: () => controller.abort(),
    get closed() {
      return closed;
    },
  };
}
