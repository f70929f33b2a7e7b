import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cookieValue, csrfCookieHeader, isIssuedCsrfToken, issueCsrfToken, sameCsrfToken } from './csrf-token';

const secret = randomBytes(32);

describe('CSRF tokens', () => {
  it('recognises a token it issued', () => {
    const token = issueCsrfToken(secret);
    expect(token).toMatch(/^[\w-]{32}\.[\w-]{43}$/);
    expect(isIssuedCsrfToken(secret, token)).toBe(true);
  });

  it.each([undefined, '', 'anything', 'a.b', '.sig', `${'a'.repeat(200)}.b`])('refuses %j', (token) => {
    expect(isIssuedCsrfToken(secret, token)).toBe(false);
  });

  it('refuses a token signed with another secret or altered', () => {
    const other = issueCsrfToken(randomBytes(32));
    expect(isIssuedCsrfToken(secret, other)).toBe(false);
    const token = issueCsrfToken(secret);
    // Another first character: a fixed one would leave one token in 64 unchanged.
    const altered = `${token.startsWith('x') ? 'y' : 'x'}${token.slice(1)}`;
    expect(altered).not.toBe(token);
    expect(isIssuedCsrfToken(secret, altered)).toBe(false);
  });

  it('compares cookie and header exactly', () => {
    expect(sameCsrfToken('abc', 'abc')).toBe(true);
    expect(sameCsrfToken('abc', 'abd')).toBe(false);
    expect(sameCsrfToken('abc', 'abcd')).toBe(false);
  });

  it('never hands out the same nonce twice, across refills of the random pool', () => {
    const nonces = Array.from({ length: 1000 }, () => issueCsrfToken(secret).split('.')[0]);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(nonce).toMatch(/^[\w-]{32}$/);
  });

  it('writes the cookie readable by script, strict, for the whole site; Secure over HTTPS', () => {
    expect(csrfCookieHeader('n.s', false)).toBe('XSRF-TOKEN=n.s; Path=/; SameSite=Strict');
    expect(csrfCookieHeader('n.s', true)).toBe('XSRF-TOKEN=n.s; Path=/; SameSite=Strict; Secure');
  });
});

describe('cookieValue', () => {
  it.each([
    ['XSRF-TOKEN=abc.def', 'abc.def'],
    ['theme=dark; XSRF-TOKEN=abc.def; other=1', 'abc.def'],
    ['theme=dark;XSRF-TOKEN=abc.def', 'abc.def'],
    ['XSRF-TOKEN="abc.def"', 'abc.def'],
    ['XSRF-TOKEN=first; XSRF-TOKEN=second', 'first'],
    ['XSRF-TOKEN=', ''],
  ])('reads %j', (header, value) => {
    expect(cookieValue(header, 'XSRF-TOKEN')).toBe(value);
  });

  it.each([undefined, '', 'theme=dark', 'X-XSRF-TOKEN=abc', 'XSRF-TOKENS=abc', 'XSRF-TOKEN', `pad=${'a'.repeat(9000)}; XSRF-TOKEN=abc`])(
    'finds nothing in %j',
    (header) => {
      expect(cookieValue(header, 'XSRF-TOKEN')).toBeUndefined();
    },
  );
});
