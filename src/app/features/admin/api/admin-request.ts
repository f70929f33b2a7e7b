import { apiRequest, type RequestOptions } from '../../../../common/api-client';
import { getIdToken } from '../../../lib/session/session-store';

/** Every console call: the caller's ID token on a request to /api/admin. */
export async function adminRequest<T>(path: string, options: Omit<RequestOptions, 'idToken'> = {}): Promise<T> {
  const idToken = await getIdToken();
  return apiRequest<T>(`/api/admin${path}`, { ...options, idToken });
}
