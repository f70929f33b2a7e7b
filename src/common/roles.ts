/**
 * Staff roles of the console. Carried as top-level custom claims of the ID token (`staff: true`,
 * `admin: true`) for the app's display, and always re-read from the database by the server.
 */
export const ROLES = ['staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Whether a set of roles grants what a route needs. Admins can do everything staff can:
 * an installation with one person needs only one role.
 */
export function rolesAllow(roles: readonly Role[], needed: Role): boolean {
  if (roles.includes('admin')) return true;
  return needed === 'staff' && roles.includes('staff');
}

/** The custom claims an ID token carries for these roles. */
export function roleClaims(roles: readonly Role[]): Partial<Record<Role, true>> {
  const claims: Partial<Record<Role, true>> = {};
  for (const role of ROLES) if (roles.includes(role)) claims[role] = true;
  return claims;
}

/** The roles named by an ID token's claims (for the app; the server never trusts these alone). */
export function rolesFromClaims(claims: Record<string, unknown>): Role[] {
  return ROLES.filter((role) => claims[role] === true);
}

/**
 * Removing `role` from `userId` must leave at least one admin. `admins` are the current admin
 * ids (read under a lock by the caller).
 */
export function wouldRemoveLastAdmin(admins: readonly string[], userId: string, role: Role): boolean {
  return role === 'admin' && admins.length <= 1 && admins.includes(userId);
}
