import { adminRequest } from '../admin-request';

export const withdrawInvitation = (id: string) => adminRequest<null>(`/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
