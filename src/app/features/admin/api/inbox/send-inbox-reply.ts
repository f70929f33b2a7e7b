import type { InboxMessageDetail } from '../../../../../common/inbox-schemas';
import { adminRequest } from '../admin-request';
import { inboxMessagePath } from './inbox-query';

export const sendInboxReply = (id: string, body: string) =>
  adminRequest<InboxMessageDetail>(`${inboxMessagePath(id)}/replies`, { method: 'POST', body: { body } });
