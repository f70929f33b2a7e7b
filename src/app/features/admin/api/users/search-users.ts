import type { UserDetails } from '../../../../../common/admin-schemas';
import { adminRequest } from '../admin-request';

/** The users routes of the console (admins): search, details, and the changes to an account. */
export interface UsersPage {
  users: UserDetails[];
  next: string | null;
}

export function searchUsers(email: string, after: string | null, limit = 25): Promise<UsersPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (email) query.set('email', email);
  if (after) query.set('after', after);
  return adminRequest<UsersPage>(`/users?${query.toString()}`);
}
