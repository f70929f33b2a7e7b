/** Where the app keeps the signed-in session in localStorage (shared by every tab, and read by the site's beacon). */
export const SESSION_KEY = 'northwind.auth.session';

const MAX_TOKEN_LENGTH = 8192;

/**
 * The claims of an ID token, read without checking its signature: only for what the app shows
 * and schedules, and for the beacon to leave a signed-in staff member out; the server checks every token it is sent. Bounded before decoding; null when
 * the token cannot be read.
 */
export function tokenClaims(idToken: string | null): Record<string, unknown> | null {
  if (!idToken || idToken.length > MAX_TOKEN_LENGTH) return null;
  const payload = idToken.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims: unknown = JSON.parse(json);
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Whether an ID token carries a staff role as a top-level custom claim (`staff` or `admin`, as
 * Identity Toolkit carries custom claims). The server re-checks the roles in its database on
 * every console request.
 */
export function hasStaffClaim(idToken: string | null): boolean {
  const claims = tokenClaims(idToken);
  return claims?.staff === true || claims?.admin === true;
}

/**
 * Seconds until an ID token expires, read from its `exp` claim (the two-step answer carries no
 * `expiresIn`); `fallback` when the token cannot be read.
 */
export function secondsUntilExpiry(idToken: string, nowMs: number, fallback: number): number {
  const exp = tokenClaims(idToken)?.exp;
  return typeof exp === 'number' ? Math.max(0, Math.floor(exp - nowMs / 1000)) : fallback;
}
