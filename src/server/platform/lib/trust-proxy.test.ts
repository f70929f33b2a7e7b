import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('trusts nothing by default', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
  });

  it('takes a number of hops or a list of addresses and ranges', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(parseTrustProxy('10.0.0.2, 10.0.1.0/24,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.2',
      '10.0.1.0/24',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true with the forms that replace it, and anything else', () => {
    expect(() => parseTrustProxy('true')).toThrow(/number of proxies .*e\.g\. 1.* addresses/);
    expect(() => parseTrustProxy('10.0.0.300')).toThrow(/"10.0.0.300" is neither/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/is neither/);
    expect(() => parseTrustProxy('yes')).toThrow(/must be false/);
  });
});
