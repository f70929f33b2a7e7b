import { IonButton, IonInput, IonItem, IonLabel, IonList, IonSelect, IonSelectOption } from '@ionic/react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { Invitation } from '../../../../common/invitation-schemas';
import type { Role } from '../../../../common/roles';
import { fetchInvitations } from '../api/invitations/fetch-invitations';
import { resendInvitation } from '../api/invitations/resend-invitation';
import { sendInvitation } from '../api/invitations/send-invitation';
import { withdrawInvitation } from '../api/invitations/withdraw-invitation';
import { sentenceFor } from '../state/action-errors';
import { showTime } from '../state/audit-format';
import { useGuardedAction } from '../state/use-guarded-action';
import { ActionStatus } from './action-status';

const mailNote = (invitation: Invitation | undefined) =>
  invitation?.mailSent === false ? ' The mail could not be sent just now: use “Send again” in a moment.' : '';

/** Admins: invite a colleague by email with a role; the open invitations, each resent or withdrawn. */
export function InvitationsPanel() {
  const action = useGuardedAction();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const [listed, setListed] = useState<{ invitations: Invitation[]; at: number } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const invitations = listed?.invitations ?? null;

  const load = useCallback(
    () =>
      fetchInvitations().then(
        (answer) => {
          setListed({ invitations: answer.invitations, at: Date.now() });
          setLoadError(null);
        },
        (error: unknown) => setLoadError(sentenceFor(error)),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    const sent = await action.run(() => sendInvitation(email, role));
    if (sent) {
      setEmail('');
      action.clear();
      await load();
      action.notify(`Invitation sent to ${sent.email} as ${sent.role}.${mailNote(sent)}`);
    }
  };
  const resend = async (invitation: Invitation) => {
    const sent = await action.run(() => resendInvitation(invitation.id));
    if (sent) {
      await load();
      action.notify(`Invitation sent again to ${sent.email}; the earlier link no longer works.${mailNote(sent)}`);
    }
  };
  const withdraw = async (invitation: Invitation) => {
    if (!(await action.confirm('Withdraw the invitation?', `${invitation.email}’s link will stop working.`, 'Withdraw'))) return;
    await action.run(() => withdrawInvitation(invitation.id), `The invitation to ${invitation.email} is withdrawn.`);
    await load();
  };

  return (
    <section className="manage-section" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a colleague</h2>
      <form className="invite-form" onSubmit={(event) => void invite(event)} aria-label="Invite a colleague">
        <IonInput
          label="Email"
          labelPlacement="stacked"
          fill="outline"
          type="email"
          autocomplete="off"
          maxlength={254}
          required
          value={email}
          onIonInput={(event) => setEmail(String(event.detail.value ?? ''))}
        />
        <IonSelect
          label="Role"
          labelPlacement="stacked"
          fill="outline"
          interface="popover"
          value={role}
          onIonChange={(event) => setRole(event.detail.value === 'admin' ? 'admin' : 'staff')}
        >
          <IonSelectOption value="staff">Staff: content, inbox, movies</IonSelectOption>
          <IonSelectOption value="admin">Admin: also users, roles, settings</IonSelectOption>
        </IonSelect>
        <IonButton type="submit" disabled={action.busy || !email.trim()}>
          Send invitation
        </IonButton>
      </form>
      <ActionStatus error={action.error} notice={action.notice} />
      <h3>Open invitations</h3>
      {loadError && (
        <p role="alert" className="manage-error">
          {loadError}
        </p>
      )}
      <IonList inset className="manage-list" aria-label="Open invitations">
        {(invitations ?? []).map((invitation) => {
          const expired = Date.parse(invitation.expiresAt) <= (listed?.at ?? 0);
          return (
            <IonItem key={invitation.id}>
              <IonLabel className="ion-text-wrap">
                <h2 className="manage-break">
                  {invitation.email} <span className="manage-badge">{invitation.role}</span>
                  {expired && <span className="manage-badge manage-badge--danger"> Expired</span>}
                </h2>
                <p>
                  Sent {showTime(invitation.sentAt)}
                  {invitation.invitedBy ? ` by ${invitation.invitedBy}` : ''} · {expired ? 'expired' : 'expires'}{' '}
                  {showTime(invitation.expiresAt)}
                </p>
              </IonLabel>
              <IonButton slot="end" fill="outline" size="small" disabled={action.busy} onClick={() => void resend(invitation)}>
                Send again<span className="ion-hide"> to {invitation.email}</span>
              </IonButton>
              <IonButton
                slot="end"
                fill="clear"
                color="danger"
                size="small"
                disabled={action.busy}
                onClick={() => void withdraw(invitation)}
              >
                Withdraw<span className="ion-hide"> the invitation to {invitation.email}</span>
              </IonButton>
            </IonItem>
          );
        })}
        {invitations?.length === 0 && (
          <IonItem>
            <IonLabel>No open invitations.</IonLabel>
          </IonItem>
        )}
      </IonList>
    </section>
  );
}
