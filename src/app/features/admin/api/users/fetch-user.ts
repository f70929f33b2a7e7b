import type { UserDetails } from '../../../../../common/admin-schemas';
import { adminRequest } from '../admin-request';
import { userPath } from './user-path';

export const fetchUser = (uid: string) => adminRequest<UserDetails>(userPath(uid));
