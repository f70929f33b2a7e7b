/**
 * Whether an ID token carries a staff role as a top-level custom claim (`staff` or `admin`, as
 * Identity Toolkit carries custom claims). Only for what the app shows: the server re-checks the
 * roles in its database on every console request. Bounded before decoding.
 */
const MAX_TOKEN_LENGTH = 8192;

export function hasStaffClaim(idToken: string | null): boolean {
  if (!idToken || idToken.length > MAX_TOKEN_LENGTH) return false;
  const payload = idToken.split('.')[1];
  if (!payload) return false;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims = JSON.parse(json) as Record<string, unknown> | null;
    return claims?.staff === true || claims?.admin === true;
  } catch {
    return false;
  }
}
