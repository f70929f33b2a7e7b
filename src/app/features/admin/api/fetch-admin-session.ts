import type { AdminSession } from '../../../../common/admin-schemas';
import { adminRequest } from './admin-request';

/** Who the server says the caller is (roles read from the database, not the token). */
export const fetchAdminSession = () => adminRequest<AdminSession>('/session');
