import type { Invitation } from '../../../../../common/invitation-schemas';
import { adminRequest } from '../admin-request';

export const resendInvitation = (id: string) =>
  adminRequest<Invitation>(`/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST' });
