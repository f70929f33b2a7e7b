import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isIssuedCsrfToken, issueCsrfToken, sameCsrfToken } from './csrf-token';

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
    expect(isIssuedCsrfToken(secret, `x${token.slice(1)}`)).toBe(false);
  });

  it('compares cookie and header exactly', () => {
    expect(sameCsrfToken('abc', 'abc')).toBe(true);
    expect(sameCsrfToken('abc', 'abd')).toBe(false);
    expect(sameCsrfToken('abc', 'abcd')).toBe(false);
  });
});
