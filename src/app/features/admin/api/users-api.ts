import type { UserDetails } from '../../../../common/admin-schemas';
import type { Role } from '../../../../common/roles';
import { adminRequest } from './admin-api';

/** The users routes of the console (admins): search, details, and the changes to an account. */
export interface UsersPage {
  users: UserDetails[];
  next: string | null;
}

export function searchUsers(email: string, after: string | null, limit = 25): Promise<UsersPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (email) query.set('email', email);
  if (after) query.set('after', after);
  return adminRequest<UsersPage>(`/users?${query.toString()}`);
}

const userPath = (uid: string) => `/users/${encodeURIComponent(uid)}`;

export const fetchUser = (uid: string) => adminRequest<UserDetails>(userPath(uid));
export const setUserDisabled = (uid: string, disabled: boolean) =>
  adminRequest<UserDetails>(`${userPath(uid)}/${disabled ? 'disable' : 'enable'}`, { method: 'POST' });
export const endUserSessions = (uid: string) => adminRequest<null>(`${userPath(uid)}/sessions`, { method: 'DELETE' });
export const deleteUser = (uid: string) => adminRequest<null>(userPath(uid), { method: 'DELETE' });
export const setUserRole = (uid: string, role: Role, granted: boolean) =>
  adminRequest<{ uid: string; email: string; roles: Role[] }>(`${userPath(uid)}/roles/${role}`, { method: granted ? 'PUT' : 'DELETE' });
