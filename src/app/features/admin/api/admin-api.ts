import { apiRequest, type RequestOptions } from '../../../../common/api-client';
import { type AdminSession } from '../../../../common/admin-schemas';
import { getIdToken } from '../../../lib/auth-session';

/** Every console call: the caller's ID token on a request to /api/admin. */
export async function adminRequest<T>(path: string, options: Omit<RequestOptions, 'idToken'> = {}): Promise<T> {
  const idToken = await getIdToken();
  return apiRequest<T>(`/api/admin${path}`, { ...options, idToken });
}

/** Who the server says the caller is (roles read from the database, not the token). */
export const fetchAdminSession = () => adminRequest<AdminSession>('/session');
