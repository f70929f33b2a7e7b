import { AUTH } from '../../common/constants';

/**
 * The small decisions of the identity service, as pure functions of their inputs and "now".
 */

/** Email or password changes and account deletion need a sign-in younger than 5 minutes. */
export function isRecentSignIn(authTimeSeconds: number, nowMs: number): boolean {
  return nowMs - authTimeSeconds * 1000 <= AUTH.recentLoginMs;
}

/** Tokens issued (whole seconds) before the user's valid_since instant are no longer accepted. */
export function issuedBeforeValidSince(issuedAtSeconds: number, validSinceIso: string): boolean {
  return issuedAtSeconds < Math.floor(Date.parse(validSinceIso) / 1000);
}

/** A continue URL in a mail must lead back to one of our authorised domains. */
export function isAuthorizedContinueUrl(continueUrl: string, authorizedDomains: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(continueUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return authorizedDomains.some((domain) => domain.toLowerCase() === url.hostname.toLowerCase());
}

/** Lifetimes of what the service hands out. */
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60_000;
export const OOB_CODE_LIFETIME_MS = { PASSWORD_RESET: 60 * 60_000, EMAIL_SIGNIN: 60 * 60_000, VERIFY_EMAIL: 24 * 60 * 60_000 } as const;
/** At most this many mails of one kind to one address per hour. */
export const OOB_SEND_LIMIT_PER_HOUR = 5;

export function isoAfter(nowMs: number, ms: number): string {
  return new Date(nowMs + ms).toISOString();
}

/** Epoch milliseconds as a string, the Identity Toolkit's format for createdAt/lastLoginAt. */
export function epochMillisString(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : String(ms);
}
