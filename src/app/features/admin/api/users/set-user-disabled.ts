import type { UserDetails } from '../../../../../common/admin-schemas';
import { adminRequest } from '../admin-request';
import { userPath } from './user-path';

export const setUserDisabled = (uid: string, disabled: boolean) =>
  adminRequest<UserDetails>(`${userPath(uid)}/${disabled ? 'disable' : 'enable'}`, { method: 'POST' });
