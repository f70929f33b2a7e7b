import { IonButton, IonSpinner, useIonRouter } from '@ionic/react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { AdminSession, UserDetails } from '../../../../common/admin-schemas';
import { ROLES, type Role } from '../../../../common/roles';
import { deleteUser } from '../api/users/delete-user';
import { endUserSessions } from '../api/users/end-user-sessions';
import { fetchUser } from '../api/users/fetch-user';
import { setUserDisabled } from '../api/users/set-user-disabled';
import { setUserRole } from '../api/users/set-user-role';
import { ActionStatus } from '../components/action-status';
import { ConsolePage } from '../components/console-page';
import { UserFacts } from '../components/user-summary';
import { sentenceFor } from '../state/action-errors';
import { useGuardedAction } from '../state/use-guarded-action';
import '../manage.css';

const ROLE_TITLES: Record<Role, string> = { staff: 'Staff', admin: 'Administrator' };

/** Admins: one account, its facts, and what can be done to it (each change needs a recent sign-in). */
export default function UserPage() {
  return (
    <ConsolePage title="User" requires="admin" defaultHref="/admin/users">
      {(session) => <UserDetailsView session={session} />}
    </ConsolePage>
  );
}

function UserDetailsView({ session }: { session: AdminSession }) {
  const { uid = '' } = useParams();
  const router = useIonRouter();
  // Kept with the id it was loaded for, so another user's page shows loading, not the last one.
  const [loaded, setLoaded] = useState<{ uid: string; user: UserDetails | null; error: string | null } | null>(null);
  const action = useGuardedAction();

  useEffect(() => {
    let active = true;
    fetchUser(uid)
      .then((found) => active && setLoaded({ uid, user: found, error: null }))
      .catch((failure: unknown) => active && setLoaded({ uid, user: null, error: sentenceFor(failure) }));
    return () => {
      active = false;
    };
  }, [uid]);

  const current = loaded?.uid === uid ? loaded : null;
  if (current?.error) return <p role="alert">{current.error}</p>;
  const user = current?.user;
  if (!user) return <IonSpinner aria-label="Loading the user" />;
  const setUser = (next: UserDetails) => setLoaded({ uid, user: next, error: null });
  const self = user.uid === session.uid;

  const toggleDisabled = async () => {
    const changed = await action.run(
      () => setUserDisabled(user.uid, !user.disabled),
      user.disabled ? 'The account is enabled again.' : 'The account is disabled and signed out everywhere.',
    );
    if (changed) setUser(changed);
  };
  const endSessions = async () => {
    if (!(await action.confirm('End all sessions?', `${user.email} will be signed out on every device.`, 'End sessions'))) return;
    await action.run(() => endUserSessions(user.uid), 'Every session of this account has ended.');
  };
  const remove = async () => {
    if (!(await action.confirm('Delete this account?', `${user.email} and its sign-in are removed for good.`, 'Delete'))) return;
    const done = await action.run(async () => (await deleteUser(user.uid), true));
    if (done) router.push('/admin/users', 'back', 'replace');
  };
  const toggleRole = async (role: Role) => {
    const granted = !user.roles.includes(role);
    const changed = await action.run(
      () => setUserRole(user.uid, role, granted),
      granted ? `${ROLE_TITLES[role]} role granted.` : `${ROLE_TITLES[role]} role removed.`,
    );
    if (changed) setUser({ ...user, roles: changed.roles });
  };

  return (
    <>
      <h1 className="manage-title manage-break">{user.email}</h1>
      {user.displayName && <p>{user.displayName}</p>}
      <UserFacts user={user} />
      <ActionStatus error={action.error} notice={action.notice} />
      <section aria-labelledby="roles-heading">
        <h2 id="roles-heading">Roles</h2>
        {!user.emailVerified && user.roles.length === 0 && (
          <p>
            This account never proved its email address, so it cannot be given a role: anyone can sign up with an address that is not
            theirs. Invite the address from Users instead; accepting the invitation proves it and takes the account over.
          </p>
        )}
        <div className="manage-actions">
          {ROLES.map((role) => (
            <IonButton key={role} fill="outline" disabled={action.busy} onClick={() => void toggleRole(role)}>
              {user.roles.includes(role) ? `Remove ${ROLE_TITLES[role].toLowerCase()} role` : `Make ${ROLE_TITLES[role].toLowerCase()}`}
            </IonButton>
          ))}
        </div>
      </section>
      <section aria-labelledby="account-heading">
        <h2 id="account-heading">Account</h2>
        {self && <p>This is your own account.</p>}
        <div className="manage-actions">
          <IonButton
            fill="outline"
            color={user.disabled ? 'primary' : 'danger'}
            disabled={action.busy}
            onClick={() => void toggleDisabled()}
          >
            {user.disabled ? 'Enable account' : 'Disable account'}
          </IonButton>
          <IonButton fill="outline" disabled={action.busy} onClick={() => void endSessions()}>
            End all sessions
          </IonButton>
          <IonButton color="danger" disabled={action.busy} onClick={() => void remove()}>
            Delete account
          </IonButton>
        </div>
      </section>
    </>
  );
}
