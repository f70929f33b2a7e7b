import type { InboxStaff } from '../../../../../common/inbox-schemas';
import { adminRequest } from '../admin-request';

/** Staff members a conversation can be assigned to. */
export const fetchInboxStaff = () => adminRequest<InboxStaff>('/inbox/staff');
