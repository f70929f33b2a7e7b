import type { Role } from '../../../../../common/roles';
import { adminRequest } from '../admin-request';
import { userPath } from './user-path';

export const setUserRole = (uid: string, role: Role, granted: boolean) =>
  adminRequest<{ uid: string; email: string; roles: Role[] }>(`${userPath(uid)}/roles/${role}`, { method: granted ? 'PUT' : 'DELETE' });
