import type { InboxPreferences } from '../../../../../common/inbox-schemas';
import { adminRequest } from '../admin-request';

/** The caller's inbox preferences: read, and saved whole. */
export const fetchInboxPreferences = () => adminRequest<InboxPreferences>('/inbox/preferences');

export const saveInboxPreferences = (preferences: InboxPreferences) =>
  adminRequest<InboxPreferences>('/inbox/preferences', { method: 'PUT', body: preferences });
