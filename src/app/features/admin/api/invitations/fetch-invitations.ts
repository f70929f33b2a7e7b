import type { Invitation } from '../../../../../common/invitation-schemas';
import { adminRequest } from '../admin-request';

/** Staff invitations, the administrator's side (/api/admin/invitations). */
export const fetchInvitations = () => adminRequest<{ invitations: Invitation[] }>('/invitations');
