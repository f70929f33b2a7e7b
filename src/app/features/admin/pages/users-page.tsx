import { IonItem, IonLabel, IonList, IonSearchbar, IonSpinner } from '@ionic/react';
import { useState } from 'react';
import { searchUsers } from '../api/users/search-users';
import { ConsolePage } from '../components/console-page';
import { InvitationsPanel } from '../components/invitations-panel';
import { Pager } from '../components/pager';
import { methodNames, roleNames } from '../components/user-summary';
import { showTime } from '../state/audit-format';
import { useKeysetPages } from '../state/use-keyset-pages';
import '../manage.css';

/** Admins: accounts by the start of their email, 25 a page, each opening its details. */
export default function UsersPage() {
  return (
    <ConsolePage title="Users" requires="admin">
      {() => <UsersList />}
    </ConsolePage>
  );
}

function UsersList() {
  const [email, setEmail] = useState('');
  const pages = useKeysetPages(email, async (cursor) => {
    const answer = await searchUsers(email, cursor);
    return { items: answer.users, next: answer.next };
  });

  return (
    <>
      <h1 className="manage-title">Users</h1>
      <IonSearchbar
        value={email}
        debounce={300}
        onIonInput={(event) => setEmail((event.detail.value ?? '').trim().slice(0, 254))}
        placeholder="Email starts with…"
        aria-label="Search users by the start of their email"
        maxlength={254}
      />
      <div role="status" className="manage-count">
        {pages.loading ? <IonSpinner aria-label="Loading users" /> : pages.error ? null : `${pages.items.length} shown`}
      </div>
      {pages.error && (
        <p role="alert" className="manage-error">
          {pages.error}
        </p>
      )}
      <IonList inset className="manage-list" aria-label="Users">
        {pages.items.map((user) => (
          <IonItem key={user.uid} routerLink={`/admin/users/${encodeURIComponent(user.uid)}`} detail>
            <IonLabel className="ion-text-wrap">
              <h2>
                {user.email}
                {user.disabled && <span className="manage-badge manage-badge--danger"> Disabled</span>}
              </h2>
              <p>
                Created {showTime(user.createdAt)} · Last sign-in {showTime(user.lastSignInAt)}
              </p>
              <p>
                {user.emailVerified ? 'Verified' : 'Not verified'} · {methodNames(user.signInMethods)} · Roles: {roleNames(user.roles)}
              </p>
            </IonLabel>
          </IonItem>
        ))}
        {!pages.loading && !pages.error && pages.items.length === 0 && (
          <IonItem>
            <IonLabel>No user’s email starts with that.</IonLabel>
          </IonItem>
        )}
      </IonList>
      <Pager label="Pages of users" {...pages} busy={pages.loading} onNext={pages.next} onPrevious={pages.previous} />
      <InvitationsPanel />
    </>
  );
}
