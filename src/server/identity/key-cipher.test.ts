import { describe, expect, it } from 'vitest';
import { isSealed, KeyDecryptionError, keyCipher } from './key-cipher';

describe('signing keys at rest', () => {
  const jwk = '{"kty":"EC","d":"secret-part"}';

  it('encrypts with a fresh salt and IV each time and reads it back', () => {
    const cipher = keyCipher('a long enough secret for the tests 0123');
    const first = cipher.seal(jwk);
    expect(isSealed(first)).toBe(true);
    expect(first).not.toContain('secret-part');
    expect(cipher.seal(jwk)).not.toBe(first);
    expect(cipher.open(first)).toBe(jwk);
  });

  it('still reads plain keys, and leaves them plain without a secret', () => {
    expect(keyCipher('a long enough secret for the tests 0123').open(jwk)).toBe(jwk);
    expect(keyCipher(undefined).seal(jwk)).toBe(jwk);
  });

  it('refuses a missing or wrong secret with a clear error', () => {
    const sealed = keyCipher('a long enough secret for the tests 0123').seal(jwk);
    expect(() => keyCipher(undefined).open(sealed)).toThrow(KeyDecryptionError);
    expect(() => keyCipher('another secret of enough length 456789').open(sealed)).toThrow(/not the one they were encrypted with/);
  });
});
