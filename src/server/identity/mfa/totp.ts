import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps implement it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_RULE = { algorithm: 'SHA1', digits: 6, periodSeconds: 30, driftSteps: 1 } as const;
export const RECOVERY_CODE_COUNT = 10;

/** A new shared secret (160 bits, base32) for an authenticator app. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI authenticator apps read from the QR code. */
export function otpauthUri(secretBase32: string, accountName: string, issuer = 'Northwind'): string {
  return new TOTP({
    issuer,
    label: accountName,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).toString();
}

/**
 * Pure (given the clock): the time step a 6-digit code belongs to, allowing one step of clock
 * drift either way, or null when it matches none. The caller refuses steps already used.
 */
export function matchingStep(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = new TOTP({ secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: 30 });
  const delta = totp.validate({ token: code, timestamp: nowMs, window: TOTP_RULE.driftSteps });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / TOTP_RULE.periodSeconds) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7m2p-x9qrt` (about 49 bits each), shown once; only hashes are stored. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Pure: what a person typed -> the stored form (case, spaces and the dash do not matter). */
export function normaliseRecoveryCode(raw: string): string | null {
  const compact = raw.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z0-9]{10}$/.test(compact) ? `${compact.slice(0, 5)}-${compact.slice(5)}` : null;
}

export const recoveryCodeHash = (code: string) => createHash('sha256').update(`recovery:${code}`).digest('base64url');
