import { adminRequest } from '../admin-request';
import { userPath } from './user-path';

export const deleteUser = (uid: string) => adminRequest<null>(userPath(uid), { method: 'DELETE' });
