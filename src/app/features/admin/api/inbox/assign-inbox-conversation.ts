import type { InboxMessageDetail } from '../../../../../common/inbox-schemas';
import { adminRequest } from '../admin-request';
import { inboxMessagePath } from './inbox-query';

/** Hands the conversation to a staff member (null: to nobody). */
export const assignInboxConversation = (id: string, assigneeId: string | null) =>
  adminRequest<InboxMessageDetail>(`${inboxMessagePath(id)}/assignee`, { method: 'PUT', body: { assigneeId } });
