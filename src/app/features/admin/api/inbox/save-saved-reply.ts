import type { SavedReply } from '../../../../../common/inbox-schemas';
import { adminRequest } from '../admin-request';

/** Keeps a text as a ready-made reply under a title. */
export const saveSavedReply = (title: string, body: string) =>
  adminRequest<SavedReply>('/inbox/saved-replies', { method: 'POST', body: { title, body } });
