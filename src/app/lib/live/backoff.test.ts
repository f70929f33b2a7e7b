import { describe, expect, it } from 'vitest';
import { parseSse, reconnectDelay } from './backoff';

describe('reconnect backoff (spec 9)', () => {
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
