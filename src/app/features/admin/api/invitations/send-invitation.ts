import type { Invitation } from '../../../../../common/invitation-schemas';
import type { Role } from '../../../../../common/roles';
import { adminRequest } from '../admin-request';

export const sendInvitation = (email: string, role: Role) =>
  adminRequest<Invitation>('/invitations', { method: 'POST', body: { email, role } });
