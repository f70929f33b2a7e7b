import { apiRequest } from '../../../../../common/api-client';
import type { InvitationPreview } from '../../../../../common/invitation-schemas';

/** The invited person's side (/api/invitations): no account yet, so no ID token. */
export const lookupInvitation = (token: string) =>
  apiRequest<InvitationPreview>('/api/invitations/lookup', { method: 'POST', body: { token } });
