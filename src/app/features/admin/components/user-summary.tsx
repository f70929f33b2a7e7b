import type { UserDetails } from '../../../../common/admin-schemas';
import { showTime } from '../state/audit-format';

const METHOD_NAMES: Record<string, string> = { password: 'Password', emailLink: 'Email link' };
export const methodNames = (methods: readonly string[]) => methods.map((method) => METHOD_NAMES[method] ?? method).join(', ') || 'none';
export const roleNames = (roles: readonly string[]) => (roles.length ? roles.join(', ') : 'none');

/** The facts of one account, as a description list (the users list and the user page). */
export function UserFacts({ user }: { user: UserDetails }) {
  return (
    <dl className="manage-facts">
      <div>
        <dt>Created</dt>
        <dd>{showTime(user.createdAt)}</dd>
      </div>
      <div>
        <dt>Last sign-in</dt>
        <dd>{showTime(user.lastSignInAt)}</dd>
      </div>
      <div>
        <dt>Email verified</dt>
        <dd>{user.emailVerified ? 'Yes' : 'No'}</dd>
      </div>
      <div>
        <dt>Sign-in methods</dt>
        <dd>{methodNames(user.signInMethods)}</dd>
      </div>
      <div>
        <dt>Roles</dt>
        <dd>{roleNames(user.roles)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>{user.disabled ? 'Disabled' : 'Active'}</dd>
      </div>
    </dl>
  );
}
