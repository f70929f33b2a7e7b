import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * CSRF tokens the server can recognise as its own: `nonce.signature`, the signature an HMAC of
 * the nonce under a server secret. Verified without any stored state, so instances sharing the
 * secret accept each other's tokens, and a cookie planted by someone else (any value, or one
 * from another site) is not accepted as the double-submit token.
 */
const NONCE_BYTES = 24;
/** Longer input is not even looked at (a cookie or header can be kilobytes). */
const MAX_TOKEN_LENGTH = 128;

function sign(secret: Buffer, nonce: string): string {
  return createHmac('sha256', secret).update(nonce).digest('base64url');
}

export function issueCsrfToken(secret: Buffer): string {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

/** True when the token is one this server (or an instance with the same secret) issued. */
export function isIssuedCsrfToken(secret: Buffer, token: string | undefined): token is string {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return false;
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  const expected = Buffer.from(sign(secret, token.slice(0, dot)));
  const given = Buffer.from(token.slice(dot + 1));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Constant-time equality of the cookie and the header. */
export function sameCsrfToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
