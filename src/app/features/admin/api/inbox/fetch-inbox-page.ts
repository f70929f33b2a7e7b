import type { InboxPage } from '../../../../../common/inbox-schemas';
import { adminRequest } from '../admin-request';
import { type InboxFilter, inboxQuery } from './inbox-query';

export const fetchInboxPage = (filter: InboxFilter, cursor: string | null) =>
  adminRequest<InboxPage>(`/inbox${inboxQuery(filter, cursor ? { cursor } : {})}`);
