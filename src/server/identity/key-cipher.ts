import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
const INFO = 'northwind signing key v1';

/** A stored private key that is encrypted, but no KEY_ENCRYPTION_SECRET (or another one) was given. */
export class KeyDecryptionError extends Error {
  override name = 'KeyDecryptionError';
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/**
 * Private signing keys at rest (decision 0613): AES-256-GCM under a key derived with HKDF-SHA256
 * from KEY_ENCRYPTION_SECRET and a random salt per value. Without a secret, values stay plain
 * JSON; plain values are always readable, so a secret can be introduced at any time.
 */
export function keyCipher(secret: string | undefined, info: string = INFO) {
  // `info` separates the uses of one secret: a value sealed for one use never opens as another's.
  const derive = (salt: Buffer) => Buffer.from(hkdfSync('sha256', secret!, salt, info, 32));
  return {
    enabled: secret !== undefined,
    seal(plain: string): string {
      if (secret === undefined) return plain;
      const salt = randomBytes(16);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', derive(salt), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([salt, iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored: string): string {
      if (!isSealed(stored)) return stored;
      if (secret === undefined) throw new KeyDecryptionError('The signing keys are encrypted: set KEY_ENCRYPTION_SECRET');
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', derive(raw.subarray(0, 16)), raw.subarray(16, 28));
      decipher.setAuthTag(raw.subarray(28, 44));
      try {
        return Buffer.concat([decipher.update(raw.subarray(44)), decipher.final()]).toString('utf8');
      } catch {
        throw new KeyDecryptionError('The signing keys cannot be decrypted: KEY_ENCRYPTION_SECRET is not the one they were encrypted with');
      }
    },
  };
}

export type KeyCipher = ReturnType<typeof keyCipher>;
