import { describe, expect, it } from 'vitest';
import { hasStaffClaim, secondsUntilExpiry } from './token-claims';

const token = (claims: unknown) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('hasStaffClaim', () => {
  it('is true for a staff or admin claim set to true', () => {
    expect(hasStaffClaim(token({ sub: 'a', staff: true }))).toBe(true);
    expect(hasStaffClaim(token({ sub: 'a', admin: true }))).toBe(true);
  });

  it('is false without the claims, for other values, and for anything malformed', () => {
    expect(hasStaffClaim(token({ sub: 'a' }))).toBe(false);
    expect(hasStaffClaim(token({ staff: 'true', admin: 1 }))).toBe(false);
    expect(hasStaffClaim(null)).toBe(false);
    expect(hasStaffClaim('not-a-token')).toBe(false);
    expect(hasStaffClaim('a.!!!.b')).toBe(false);
    expect(hasStaffClaim(token(null))).toBe(false);
    expect(hasStaffClaim(`a.${'x'.repeat(9000)}.b`)).toBe(false);
  });
});

describe('secondsUntilExpiry', () => {
  const token = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;
  it('reads exp', () => {
    expect(secondsUntilExpiry(token({ exp: 1_700_003_600 }), 1_700_000_000_000, 1)).toBe(3600);
  });
  it('falls back on anything unreadable', () => {
    expect(secondsUntilExpiry('nonsense', 0, 3600)).toBe(3600);
    expect(secondsUntilExpiry('a.!!!.b', 0, 3600)).toBe(3600);
    expect(secondsUntilExpiry(token({ sub: 'x' }), 0, 3600)).toBe(3600);
  });
});
