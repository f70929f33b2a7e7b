import { describe, expect, it } from 'vitest';
import {
  addToOutbox,
  failureAction,
  nextRetryDelay,
  OUTBOX_STORAGE_KEY,
  parseOutbox,
  type QueuedMessage,
  removeFromOutbox,
} from './outbox';

const message = (key: string): QueuedMessage => ({
  key,
  queuedAt: '2026-01-01T00:00:00.000Z',
  values: { name: 'Ada', email: 'ada@example.com', subject: null, message: 'The printer is on fire.' },
});

describe('outbox rules', () => {
  it('has a stable storage key', () => {
    expect(OUTBOX_STORAGE_KEY).toBe('nw.supportOutbox');
  });

  it('queues a message once per key and removes it by key', () => {
    let outbox = addToOutbox([], message('k1-aaaaaaaa'));
    outbox = addToOutbox(outbox, message('k1-aaaaaaaa'));
    outbox = addToOutbox(outbox, message('k2-bbbbbbbb'));
    expect(outbox.map((item) => item.key)).toEqual(['k1-aaaaaaaa', 'k2-bbbbbbbb']);
    expect(removeFromOutbox(outbox, 'k1-aaaaaaaa').map((item) => item.key)).toEqual(['k2-bbbbbbbb']);
  });

  it('reads back what it stored and skips damaged entries', () => {
    const good = message('k1-aaaaaaaa');
    expect(parseOutbox(JSON.stringify([good, { key: 3 }, null]))).toEqual([good]);
    expect(parseOutbox('not json')).toEqual([]);
    expect(parseOutbox(null)).toEqual([]);
    expect(parseOutbox('{"a":1}')).toEqual([]);
  });

  it('backs off from 2 s, doubling, capped at a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(nextRetryDelay)).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });

  it('retries on no answer and server trouble, drops what the server refused', () => {
    expect(failureAction(0, 'network')).toBe('retry');
    expect(failureAction(0, 'timeout')).toBe('retry');
    expect(failureAction(503, 'unavailable')).toBe('retry');
    expect(failureAction(429, 'rate_limited')).toBe('retry');
    expect(failureAction(403, 'csrf_failed')).toBe('retry');
    expect(failureAction(400, 'validation_failed')).toBe('drop');
    expect(failureAction(409, 'conflict')).toBe('drop');
  });
});
