import { AUTH } from './constants';

/**
 * The timing rules of the auth session as pure functions of "now", so they
 * can be tested without clocks: refresh 5 minutes before expiry, a token counts as expired
 * 30 s before its expiration time, and a failed refresh is retried after 30 s, doubling up
 * to 16 minutes.
 */

/** True when the token must not be used any more (it expires within the tolerance). */
export function isTokenExpired(expiresAtMs: number, nowMs: number): boolean {
  return nowMs >= expiresAtMs - AUTH.expiryToleranceMs;
}

/** True when the token should be replaced before it is handed out. */
export function needsRefresh(expiresAtMs: number, nowMs: number): boolean {
  return nowMs >= expiresAtMs - AUTH.refreshMarginMs;
}

/** How long to wait before the proactive refresh (0 when it is already due). */
export function refreshDelayMs(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, expiresAtMs - AUTH.refreshMarginMs - nowMs);
}

/** The wait before retry number `failures` (1 = after the first failure): 30 s, 60 s, ... 16 min. */
export function retryBackoffMs(failures: number): number {
  if (failures < 1) return 0;
  const delay = AUTH.retryBackoffStartMs * 2 ** (failures - 1);
  return Math.min(delay, AUTH.retryBackoffMaxMs);
}

/** When a token that lives `expiresInSeconds` (as the server says) expires, seen from `nowMs`. */
export function expiresAtFrom(expiresInSeconds: number | string, nowMs: number): number {
  return nowMs + Number(expiresInSeconds) * 1000;
}
