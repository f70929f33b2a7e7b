import { describe, expect, it } from 'vitest';
import { isRole, roleClaims, rolesAllow, rolesFromClaims, wouldRemoveLastAdmin } from './roles';

describe('roles', () => {
  it('admins may do what staff may; staff may not do what admins may', () => {
    expect(rolesAllow(['admin'], 'staff')).toBe(true);
    expect(rolesAllow(['admin'], 'admin')).toBe(true);
    expect(rolesAllow(['staff'], 'staff')).toBe(true);
    expect(rolesAllow(['staff'], 'admin')).toBe(false);
    expect(rolesAllow([], 'staff')).toBe(false);
  });

  it('turns roles into top-level claims and back', () => {
    expect(roleClaims(['staff'])).toEqual({ staff: true });
    expect(roleClaims([])).toEqual({});
    expect(rolesFromClaims({ staff: true, admin: true, sub: 'x' })).toEqual(['staff', 'admin']);
    expect(rolesFromClaims({ admin: 'true' })).toEqual([]);
  });

  it('knows its roles', () => {
    expect(isRole('staff')).toBe(true);
    expect(isRole('root')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });

  it('never removes the last admin', () => {
    expect(wouldRemoveLastAdmin(['a'], 'a', 'admin')).toBe(true);
    expect(wouldRemoveLastAdmin(['a', 'b'], 'a', 'admin')).toBe(false);
    expect(wouldRemoveLastAdmin(['a'], 'b', 'admin')).toBe(false);
    expect(wouldRemoveLastAdmin(['a'], 'a', 'staff')).toBe(false);
  });
});
