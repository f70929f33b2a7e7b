import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE } from '../../../common/api-client';

/**
 * CSRF tokens the server can recognise as its own: `nonce.signature`, the signature an HMAC of
 * the nonce under a server secret. Verified without any stored state, so instances sharing the
 * secret accept each other's tokens, and a cookie planted by someone else (any value, or one
 * from another site) is not accepted as the double-submit token.
 */
const NONCE_BYTES = 24;
/** Longer input is not even looked at (a cookie or header can be kilobytes). */
const MAX_TOKEN_LENGTH = 128;

/**
 * Nonces are cut from a pool refilled 128 at a time: each call of randomBytes costs a trip into
 * OpenSSL that, for 24 bytes, cost more than the rest of a request. The bytes are the same
 * CSPRNG output, each used once.
 */
const POOL_NONCES = 128;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function nextNonce(): string {
  if (poolOffset + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * POOL_NONCES);
    poolOffset = 0;
  }
  const nonce = pool.toString('base64url', poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/** The secret as a key object, made once: an HMAC from a raw buffer imports the key each time. */
const keys = new WeakMap<Buffer, KeyObject>();

function sign(secret: Buffer, nonce: string): string {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return createHmac('sha256', key).update(nonce).digest('base64url');
}

export function issueCsrfToken(secret: Buffer): string {
  const nonce = nextNonce();
  return `${nonce}.${sign(secret, nonce)}`;
}

/**
 * The Set-Cookie value of a token: readable by script (it must echo it), SameSite=Strict, the
 * whole site. Written directly: the token is base64url and a dot, nothing to encode.
 */
export function csrfCookieHeader(token: string, secure: boolean): string {
  return `${XSRF_COOKIE}=${token}; Path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
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

/** A Cookie header longer than this is not looked at (browsers send at most a few kilobytes). */
const MAX_COOKIE_HEADER = 8192;

/**
 * The value of one cookie in a Cookie header (the first, as browsers list the most specific
 * first), or undefined. Values are taken as sent, not percent-decoded: the only cookie the
 * server reads is its own token, base64url and a dot.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > MAX_COOKIE_HEADER) return undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals === -1 || pair.slice(0, equals).trim() !== name) continue;
    const value = pair.slice(equals + 1).trim();
    return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  return undefined;
}
