import { describe, expect, it } from 'vitest';
import { looksLikeEmail } from './email-format';

describe('looksLikeEmail', () => {
  it.each(['ada@example.com', 'a.b+c@sub.example.co', 'x@y.z', "o'neil@example.org", 'a@b.c.'])('accepts %s', (email) => {
    expect(looksLikeEmail(email)).toBe(true);
  });

  it.each([
    '',
    'ada.example.com',
    'ada@example',
    '@example.com',
    'ada@.com',
    'ada@example.',
    'a@b@c.d',
    'ada @example.com',
    'ada@exa\tmple.com',
  ])('rejects %j', (email) => {
    expect(looksLikeEmail(email)).toBe(false);
  });

  it('refuses an address over the bound without looking further', () => {
    expect(looksLikeEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });

  it('answers a hostile address in one pass (the old pattern took seconds)', () => {
    const hostile = `a@${'.'.repeat(60_000)}@`;
    const started = performance.now();
    expect(looksLikeEmail(hostile, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(looksLikeEmail(`a@${'.'.repeat(60_000)}`, Number.MAX_SAFE_INTEGER)).toBe(true);
    // A generous bound: a linear check takes well under a millisecond here; the old one 6 s.
    expect(performance.now() - started).toBeLessThan(250);
  });
});
