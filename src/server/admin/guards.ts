import type { FastifyRequest } from 'fastify';
import { type Role, rolesAllow } from '../../common/roles';
import { requireStaffSecondFactor } from '../identity/mfa/staff-two-step';
import { requireCaller } from '../identity/require-user';
import { isRecentSignIn } from '../identity/rules';
import { forbidden, HttpError } from '../lib/http-error';

/** The staff member behind a console request, with roles read from the database just now. */
export interface StaffCaller {
  uid: string;
  email: string;
  roles: Role[];
  /** When they last proved who they are (the ID token's auth_time), in seconds. */
  authTimeSeconds: number;
}

const ROLE_NAMES: Record<Role, string> = { staff: 'staff', admin: 'an administrator' };

/**
 * Anonymous: 401; signed in without the role: 403 `forbidden`. The roles come from the
 * database, never from the token's claims alone, so a revoked role stops working at once.
 */
export async function requireRole(request: FastifyRequest, role: Role): Promise<StaffCaller> {
  const { user, claims } = await requireCaller(request);
  const roles = await request.server.identity.rolesOf(user.id);
  if (!rolesAllow(roles, role)) throw forbidden(`Only ${ROLE_NAMES[role]} can do that; your account does not have that role.`);
  await requireStaffSecondFactor(request.server.database.db, user.id);
  return { uid: user.id, email: user.email, roles, authTimeSeconds: claims.auth_time };
}

export const requireStaff = (request: FastifyRequest) => requireRole(request, 'staff');
export const requireAdmin = (request: FastifyRequest) => requireRole(request, 'admin');

/** Destructive actions and user or role changes: the same 5-minute rule as accounts:update. */
export function requireRecentSignIn(caller: StaffCaller, nowMs = Date.now()): void {
  if (!isRecentSignIn(caller.authTimeSeconds, nowMs)) {
    throw new HttpError(403, 'recent_login_required', 'For your security, please log in again before making this change.');
  }
}
