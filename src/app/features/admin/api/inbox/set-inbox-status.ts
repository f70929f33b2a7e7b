import type { InboxMessageDetail, InboxStatus } from '../../../../../common/inbox-schemas';
import { adminRequest } from '../admin-request';
import { inboxMessagePath } from './inbox-query';

export const setInboxStatus = (id: string, status: InboxStatus) =>
  adminRequest<InboxMessageDetail>(`${inboxMessagePath(id)}/status`, { method: 'PUT', body: { status } });
