import { LIVE } from '../../../common/constants';

/** The wait before reconnect attempt `attempt` (0-based): 1 s, x1.5 each time, capped at 60 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(LIVE.reconnectStartMs * LIVE.reconnectFactor ** Math.max(0, attempt), LIVE.reconnectMaxMs);
}

/** One Server-Sent Events message, parsed from its lines. */
export interface SseMessage {
  event: string;
  id?: string;
  data: string;
}

/**
 * Splits a chunk of an event stream into complete messages; returns them with the unfinished
 * tail to keep for the next chunk. Comment lines (keep-alives) produce nothing.
 */
export function parseSse(buffer: string): { messages: SseMessage[]; rest: string } {
  const messages: SseMessage[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const message: SseMessage = { event: 'message', data: '' };
    let hasData = false;
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') message.event = value;
      else if (field === 'id') message.id = value;
      else if (field === 'data') {
        message.data += hasData ? `\n${value}` : value;
        hasData = true;
      }
    }
    if (hasData) messages.push(message);
  }
  return { messages, rest };
}

/**
 * Reads an event stream to its end, handing over each complete message. When no byte comes for
 * `idleMs`, `onSilence` runs: the caller aborts its fetch, which ends the read with an error.
 */
export async function readEventStream(
  body: NonNullable<Response['body']>,
  idleMs: number,
  onSilence: () => void,
  onMessage: (message: SseMessage) => void,
): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    for (;;) {
      clearTimeout(timer);
      timer = setTimeout(onSilence, idleMs);
      const { value, done } = await reader.read();
      if (done) return;
      const parsed = parseSse(buffer + value);
      buffer = parsed.rest;
      for (const message of parsed.messages) onMessage(message);
    }
  } finally {
    clearTimeout(timer);
  }
}
