import { describe, expect, it } from 'vitest';
import { looksLikeEmail } from './email-format';

describe('looksLikeEmail', () => {
  it.each([
    'ada@example.com',
    'a.b+c@sub.example.co',
    'x@y.z',
    "o'neil@example.org",
    'first_last-1@my-host.example',
    'x?y=z@example.com',
    'josé@exämple.de',
    'a@xn--bcher-kva.example',
  ])('accepts %s', (email) => {
    expect(looksLikeEmail(email)).toBe(true);
  });

  it.each([
    '',
    'ada.example.com',
    'ada@example',
    '@example.com',
    'ada@.com',
    'ada@example.',
    'a@b.c.',
    'a@b@c.d',
    'ada @example.com',
    'ada@exa\tmple.com',
    // Extra recipients, headers or a fragment smuggled into the domain of a mailto: link.
    'x@evil.example?cc=attacker%40evil.example',
    'x@evil.example?cc=attacker@evil.example',
    'x@evil.example&bcc=attacker.example',
    'x@evil.example?subject=hi',
    'x@evil.example#frag',
    'x@evil.example/path',
    'x@evil.example%0Acc:a.example',
    'x@evil.example,y@evil.example',
    'x@evil.example;y@evil.example',
    'a@-host.example',
    'a@host-.example',
    'a@host..example',
    'a@192.168.0.1',
    'a@[192.168.0.1]',
    '.ada@example.com',
    'ada.@example.com',
    'a..da@example.com',
    '"ada"@example.com',
    'ada<x>@example.com',
    'ada\r\n@example.com',
    'ada\u0000@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(64)}.example`,
  ])('rejects %j', (email) => {
    expect(looksLikeEmail(email)).toBe(false);
  });

  it('refuses an address over the bound without looking further', () => {
    expect(looksLikeEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });

  it('answers hostile input in one pass (an old pattern took seconds)', () => {
    const started = performance.now();
    expect(looksLikeEmail(`a@${'.'.repeat(60_000)}@`, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(looksLikeEmail(`a@${'.'.repeat(60_000)}`, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(looksLikeEmail(`${'a.'.repeat(30_000)}@${'b-'.repeat(30_000)}`, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(looksLikeEmail(`a@${'b'.repeat(60_000)}!.example`, Number.MAX_SAFE_INTEGER)).toBe(false);
    // A generous bound: this takes well under a millisecond here; the old pattern 6 s.
    expect(performance.now() - started).toBeLessThan(250);
  });
});
