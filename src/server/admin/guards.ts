import type { FastifyRequest } from 'fastify';
import { type Role, rolesAllow } from '../../common/roles';
import { isRecentSignIn, requireCaller, requireStaffSecondFactor } from '../identity/index';
import { forbidden, HttpError } from '../platform/lib/http-error';

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
async function requireRole(request: FastifyRequest, role: Role): Promise<StaffCaller> {
  const { user, claims } = await requireCaller(request);
  const roles = await request.server.identity.rolesOf(user.id);
  if (!rolesAllow(roles, role)) throw forbidden(`Only ${ROLE_NAMES[role]} can do that; your account does not have that role.`);
  await requireStaffSecondFactor(request.server.database.db, user.id);
  return { uid: user.id, email: user.email, roles, authTimeSeconds: claims.auth_time };
}

/** Destructive actions and user or role changes: the same 5-minute rule as accounts:update. */
export function requireRecentSignIn(caller: StaffCaller, nowMs = Date.now()): void {
  if (!isRecentSignIn(caller.authTimeSeconds, nowMs)) {
    throw new HttpError(403, 'recent_login_required', 'For your security, please log in again before making this change.');
  }
}

/** Who may call a console route, and whether they must have signed in within 5 minutes. */
export interface ConsoleGuard {
  role: Role;
  recentSignIn?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set through staffOnly, adminOnly or adminChangeOnly; consoleRouteDefaults turns it into the check. */
    consoleGuard?: ConsoleGuard;
  }
}

/**
 * Route options that let only staff through. The check is an onRequest hook (added by
 * consoleRouteDefaults, after the console's rate limit), so it runs before the body is read:
 * an anonymous 5 MB upload is refused after its headers, not after its last byte. It keeps the
 * caller on the request (callerOf, actorOf).
 */
export const staffOnly = { config: { consoleGuard: { role: 'staff' } } } satisfies { config: { consoleGuard: ConsoleGuard } };

/** Staff who signed in within 5 minutes: taking content down (docs/console.md). */
export const staffDeleteOnly = {
  config: { consoleGuard: { role: 'staff', recentSignIn: true } },
} satisfies { config: { consoleGuard: ConsoleGuard } };

/** The same for administrators. */
export const adminOnly = { config: { consoleGuard: { role: 'admin' } } } satisfies { config: { consoleGuard: ConsoleGuard } };

/** Administrators who signed in within 5 minutes: every change to a user. */
export const adminChangeOnly = {
  config: { consoleGuard: { role: 'admin', recentSignIn: true } },
} satisfies { config: { consoleGuard: ConsoleGuard } };

/** The onRequest hook of a guard: 401 anonymous, 403 without the role, else the caller on the request. */
export function guardHook(guard: ConsoleGuard) {
  return async (request: FastifyRequest): Promise<void> => {
    const caller = await requireRole(request, guard.role);
    if (guard.recentSignIn) requireRecentSignIn(caller);
    request.staffCaller = caller;
  };
}

/** The staff member a guard let through; a route without a guard is a programming error. */
export function callerOf(request: FastifyRequest): StaffCaller {
  if (!request.staffCaller) throw new Error('a console route read its caller without a staff guard');
  return request.staffCaller;
}

/** The audit log's actor for a guarded console request. */
export function actorOf(request: FastifyRequest): { id: string; email: string } {
  const caller = callerOf(request);
  return { id: caller.uid, email: caller.email };
}
