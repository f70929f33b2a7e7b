import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor';

describe('keyset cursors', () => {
  it('round-trips a position', () => {
    const cursor = encodeCursor('2026-11-22T10:00:00.000Z', 'abc-1');
    expect(decodeCursor(cursor)).toEqual({ at: '2026-11-22T10:00:00.000Z', id: 'abc-1' });
  });

  it('refuses what it did not make', () => {
    expect(decodeCursor(undefined)).toBeUndefined();
    expect(decodeCursor('not a cursor!')).toBeUndefined();
    expect(decodeCursor(Buffer.from('yesterday\nx').toString('base64url'))).toBeUndefined();
    expect(decodeCursor('a'.repeat(201))).toBeUndefined();
    expect(decodeCursor(Buffer.from('2026-11-22T10:00:00.000Z\na\u0000b').toString('base64url'))).toBeUndefined();
  });
});
