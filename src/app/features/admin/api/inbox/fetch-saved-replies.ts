import type { SavedReply } from '../../../../../common/inbox-schemas';
import { adminRequest } from '../admin-request';

/** The ready-made replies staff can insert. */
export const fetchSavedReplies = () => adminRequest<{ replies: SavedReply[] }>('/inbox/saved-replies');
