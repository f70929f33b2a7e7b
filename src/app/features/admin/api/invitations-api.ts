import { apiRequest } from '../../../../common/api-client';
import type { Invitation, InvitationPreview } from '../../../../common/invitation-schemas';
import type { Role } from '../../../../common/roles';
import { adminRequest } from './admin-api';

/** Staff invitations: the administrator's side (/api/admin/invitations) and the invited person's (/api/invitations). */
export const fetchInvitations = () => adminRequest<{ invitations: Invitation[] }>('/invitations');
export const sendInvitation = (email: string, role: Role) =>
  adminRequest<Invitation>('/invitations', { method: 'POST', body: { email, role } });
export const resendInvitation = (id: string) =>
  adminRequest<Invitation>(`/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST' });
export const withdrawInvitation = (id: string) => adminRequest<null>(`/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const lookupInvitation = (token: string) =>
  apiRequest<InvitationPreview>('/api/invitations/lookup', { method: 'POST', body: { token } });
export const acceptInvitation = (token: string, password: string, displayName: string) =>
  apiRequest<{ uid: string; email: string; role: Role }>('/api/invitations/accept', {
    method: 'POST',
    body: { token, password, ...(displayName.trim() ? { displayName: displayName.trim() } : {}) },
  });
