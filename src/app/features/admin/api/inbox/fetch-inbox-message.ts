import type { InboxMessageDetail } from '../../../../../common/inbox-schemas';
import { adminRequest } from '../admin-request';
import { inboxMessagePath } from './inbox-query';

export const fetchInboxMessage = (id: string) => adminRequest<InboxMessageDetail>(inboxMessagePath(id));
