import { describe, expect, it } from 'vitest';
import { epochMillisString, isAuthorizedContinueUrl, isRecentSignIn, issuedBeforeValidSince } from './rules';

describe('recent sign-in (5 minutes)', () => {
  const now = 1_700_000_000_000;
  it('accepts a sign-in up to 5 minutes old and refuses an older one', () => {
    expect(isRecentSignIn(now / 1000 - 299, now)).toBe(true);
    expect(isRecentSignIn(now / 1000 - 300, now)).toBe(true);
    expect(isRecentSignIn(now / 1000 - 301, now)).toBe(false);
  });
});

describe('valid_since', () => {
  it('refuses tokens issued in an earlier second', () => {
    const validSince = '2026-01-01T00:00:10.500Z';
    const second = Date.parse(validSince) / 1000;
    expect(issuedBeforeValidSince(Math.floor(second) - 1, validSince)).toBe(true);
    expect(issuedBeforeValidSince(Math.floor(second), validSince)).toBe(false);
    expect(issuedBeforeValidSince(Math.floor(second) + 5, validSince)).toBe(false);
  });
});

describe('continue URLs', () => {
  const domains = ['localhost', 'northwind.example'];
  it('allows our domains only', () => {
    expect(isAuthorizedContinueUrl('http://localhost:3000/account', domains)).toBe(true);
    expect(isAuthorizedContinueUrl('https://NORTHWIND.example/x', domains)).toBe(true);
    expect(isAuthorizedContinueUrl('https://evil.example/x', domains)).toBe(false);
    expect(isAuthorizedContinueUrl('https://northwind.example.evil.com/', domains)).toBe(false);
    expect(isAuthorizedContinueUrl('javascript:alert(1)', domains)).toBe(false);
    expect(isAuthorizedContinueUrl('not a url', domains)).toBe(false);
  });
});

describe('timestamps on the wire', () => {
  it('are epoch milliseconds as strings', () => {
    expect(epochMillisString('2026-01-01T00:00:00.000Z')).toBe('1767225600000');
    expect(epochMillisString(null)).toBeUndefined();
  });
});
