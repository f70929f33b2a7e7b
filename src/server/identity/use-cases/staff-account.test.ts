import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../platform/db/schema';
import { isUnprovedAccount } from './staff-account';

const user = (changes: Partial<UserRow> = {}): UserRow => ({
  id: 'u1',
  email: 'newhire@example.com',
  password_hash: 'hash',
  display_name: null,
  photo_url: null,
  email_verified: 0,
  disabled: 0,
  created_at: '2030-01-01T00:00:00.000Z',
  last_login_at: null,
  valid_since: '2030-01-01T00:00:00.000Z',
  ...changes,
});

describe('which account an invitation may take over', () => {
  it('one whose address was never proved, with no role, not disabled', () => {
    expect(isUnprovedAccount(user(), [])).toBe(true);
    expect(isUnprovedAccount(user({ password_hash: '' }), [])).toBe(true);
  });

  it('never one whose owner proved the address, that holds a role, or that an administrator disabled', () => {
    expect(isUnprovedAccount(user({ email_verified: 1 }), [])).toBe(false);
    expect(isUnprovedAccount(user(), ['staff'])).toBe(false);
    expect(isUnprovedAccount(user(), ['admin'])).toBe(false);
    expect(isUnprovedAccount(user({ disabled: 1 }), [])).toBe(false);
  });
});
