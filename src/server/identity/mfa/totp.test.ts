import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchingStep, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, otpauthUri } from './totp';

const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: ms });

describe('TOTP', () => {
  const secret = newTotpSecret();
  const now = 1_800_000_015_000;
  const step = Math.floor(now / 30_000);

  it('matches the current code and one step of drift either way', () => {
    expect(matchingStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(matchingStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
  });

  it('refuses two steps of drift, other secrets and malformed codes', () => {
    expect(matchingStep(secret, codeAt(secret, now - 60_000), now)).toBeNull();
    expect(matchingStep(newTotpSecret(), codeAt(secret, now), now)).toBeNull();
    expect(matchingStep(secret, '12345', now)).toBeNull();
    expect(matchingStep(secret, '12345a', now)).toBeNull();
  });

  it('matches the RFC 6238 SHA-1 test vector', () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s -> 94287082 (8 digits); 6 digits: 287082.
    const rfcSecret = new Secret({ buffer: new TextEncoder().encode('12345678901234567890').buffer }).base32;
    expect(matchingStep(rfcSecret, '287082', 59_000)).toBe(1);
  });

  it('gives an otpauth URI for authenticator apps', () => {
    expect(otpauthUri(secret, 'a@example.com')).toMatch(/^otpauth:\/\/totp\/Northwind:a%40example\.com\?.*secret=/);
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes of one shape', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  });

  it('accept any case, spaces or no dash', () => {
    expect(normaliseRecoveryCode(' K7M2P X9QRT ')).toBe('k7m2p-x9qrt');
    expect(normaliseRecoveryCode('k7m2px9qrt')).toBe('k7m2p-x9qrt');
    expect(normaliseRecoveryCode('123456')).toBeNull();
  });
});
