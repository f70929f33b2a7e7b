import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPreviewToken, verifyPreviewToken } from './preview-links';

describe('preview link tokens', () => {
  const key = randomBytes(32);
  const now = 1_800_000_000_000;
  const token = signPreviewToken(key, 'services', 'web-design', now + 60_000);

  it('opens the item it was made for until it expires', () => {
    expect(verifyPreviewToken(key, 'services', 'web-design', token, now)).toBe(true);
    expect(verifyPreviewToken(key, 'services', 'web-design', token, now + 60_000)).toBe(false);
  });

  it('opens no other item, collection or key, and refuses altered or odd tokens', () => {
    expect(verifyPreviewToken(key, 'services', 'cloud', token, now)).toBe(false);
    expect(verifyPreviewToken(key, 'core-values', 'web-design', token, now)).toBe(false);
    expect(verifyPreviewToken(randomBytes(32), 'services', 'web-design', token, now)).toBe(false);
    const [expiry, mac] = token.split('.');
    const later = (parseInt(expiry!, 36) + 3_600_000).toString(36);
    expect(verifyPreviewToken(key, 'services', 'web-design', `${later}.${mac}`, now)).toBe(false);
    for (const odd of ['', '.', 'abc', `${expiry}.`, `${expiry}.${mac}.x`, `zzzzzzzzzzzzz.${mac}`, 'a'.repeat(500)]) {
      expect(verifyPreviewToken(key, 'services', 'web-design', odd, now)).toBe(false);
    }
  });
});
