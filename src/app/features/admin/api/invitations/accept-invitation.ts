import { apiRequest } from '../../../../../common/api-client';
import type { Role } from '../../../../../common/roles';

/** The invited person's side (/api/invitations): no account yet, so no ID token. */
export const acceptInvitation = (token: string, password: string, displayName: string) =>
  apiRequest<{ uid: string; email: string; role: Role }>('/api/invitations/accept', {
    method: 'POST',
    body: { token, password, ...(displayName.trim() ? { displayName: displayName.trim() } : {}) },
  });
