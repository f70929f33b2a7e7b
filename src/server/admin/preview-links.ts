import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a preview link works. */
export const PREVIEW_LINK_MS = 30 * 60_000;
const MAX_TOKEN_LENGTH = 120;

const signature = (key: Buffer, collection: string, id: string, expiresMs: number) =>
  createHmac('sha256', key).update(`${collection}\n${id}\n${expiresMs}`).digest('base64url');

/**
 * A preview link's token: its expiry and a MAC of the item it opens, under a server secret. It
 * opens one item's preview until it expires, and nothing else; guessing one means guessing the
 * MAC (256 bits).
 */
export function signPreviewToken(key: Buffer, collection: string, id: string, expiresMs: number): string {
  return `${expiresMs.toString(36)}.${signature(key, collection, id, expiresMs)}`;
}

/** Whether `token` opens this item's preview at `nowMs`. */
export function verifyPreviewToken(key: Buffer, collection: string, id: string, token: string, nowMs = Date.now()): boolean {
  if (token.length > MAX_TOKEN_LENGTH) return false;
  const [expiry, mac, ...rest] = token.split('.');
  if (!expiry || !mac || rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(expiry)) return false;
  const expiresMs = parseInt(expiry, 36);
  if (!Number.isSafeInteger(expiresMs) || expiresMs <= nowMs) return false;
  const expected = Buffer.from(signature(key, collection, id, expiresMs));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
