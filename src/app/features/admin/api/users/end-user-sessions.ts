import { adminRequest } from '../admin-request';
import { userPath } from './user-path';

export const endUserSessions = (uid: string) => adminRequest<null>(`${userPath(uid)}/sessions`, { method: 'DELETE' });
