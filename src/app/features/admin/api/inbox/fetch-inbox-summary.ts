import type { InboxSummary } from '../../../../../common/inbox-schemas';
import { adminRequest } from '../admin-request';

/** How many messages are new, and the newest few (the console's menu and home). */
export const fetchInboxSummary = () => adminRequest<InboxSummary>('/inbox/summary');
