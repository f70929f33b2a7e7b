import { describe, expect, it } from 'vitest';
import { parseSse, readEventStream, reconnectDelay, type SseMessage } from './backoff';

describe('reconnect backoff', () => {
  it('starts at 1 s, grows by 1.5 and stops at 60 s', () => {
    expect([0, 1, 2, 3].map(reconnectDelay)).toEqual([1000, 1500, 2250, 3375]);
    expect(reconnectDelay(10)).toBeCloseTo(57_665, 0);
    expect(reconnectDelay(11)).toBe(60_000);
    expect(reconnectDelay(500)).toBe(60_000);
  });
});

describe('event stream parsing', () => {
  it('yields complete messages and keeps the unfinished tail', () => {
    const { messages, rest } = parseSse('id: movies=2\nevent: change\ndata: {"a":1}\n\n: keep-alive\n\nevent: reset\ndata: {"b"');
    expect(messages).toEqual([{ event: 'change', id: 'movies=2', data: '{"a":1}' }]);
    expect(rest).toBe('event: reset\ndata: {"b"');
    expect(parseSse(`${rest}:2}\n\n`).messages).toEqual([{ event: 'reset', data: '{"b":2}' }]);
  });

  it('accepts CRLF line ends', () => {
    expect(parseSse('event: ready\r\ndata: {}\r\n\r\n').messages).toEqual([{ event: 'ready', data: '{}' }]);
  });
});

describe('reading an event stream', () => {
  const encoder = new TextEncoder();
  /** A real byte stream that sends `chunks` and ends. */
  const streamOf = (chunks: string[]) =>
    new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });

  it('hands over whole messages, even when a message or a character is split between chunks', async () => {
    const euro = encoder.encode('€');
    const bytes = [encoder.encode('event: change\nda'), encoder.encode('ta: {"a":1}\n\n: keep-alive\n\nid: 7\ndata: '), euro.slice(0, 1)];
    const rest = [euro.slice(1), encoder.encode('\n\nevent: change\ndata: unfinished')];
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        for (const chunk of [...bytes, ...rest]) controller.enqueue(chunk);
        controller.close();
      },
    });
    const messages: SseMessage[] = [];
    await readEventStream(
      body,
      1_000,
      () => undefined,
      (message) => messages.push(message),
    );
    expect(messages).toEqual([
      { event: 'change', data: '{"a":1}' },
      { event: 'message', id: '7', data: '€' },
    ]);
  });

  it('calls for an abort when the stream stays silent, and not while bytes keep coming', async () => {
    let silences = 0;
    let close = () => undefined as void;
    const silent = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(encoder.encode('data: 1\n\n'));
        close = () => controller.close();
      },
    });
    const ended = readEventStream(
      silent,
      50,
      () => silences++,
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(silences).toBe(1);
    close();
    await ended;

    let early = 0;
    await readEventStream(
      streamOf(['data: 1\n\n', 'data: 2\n\n']),
      50,
      () => early++,
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(early).toBe(0);
  });
});
