import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SESSION_TAG_LENGTH, sessionTag } from './session-tag';

describe('sessionTag', () => {
  it('is the start of the SHA-256 of the prefixed id, never the id itself', async () => {
    const uid = 'abc123';
    const expected = createHash('sha256').update('northwind-session:abc123').digest('hex').slice(0, SESSION_TAG_LENGTH);
    expect(await sessionTag(uid)).toBe(expected);
    expect(await sessionTag(uid)).not.toContain(uid);
  });

  it('differs between accounts and is stable for one', async () => {
    expect(await sessionTag('a')).not.toBe(await sessionTag('b'));
    expect(await sessionTag('a')).toBe(await sessionTag('a'));
  });
});
