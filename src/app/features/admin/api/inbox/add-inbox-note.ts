import type { InboxMessageDetail } from '../../../../../common/inbox-schemas';
import { adminRequest } from '../admin-request';
import { inboxMessagePath } from './inbox-query';

export const addInboxNote = (id: string, body: string) =>
  adminRequest<InboxMessageDetail>(`${inboxMessagePath(id)}/notes`, { method: 'POST', body: { body } });
