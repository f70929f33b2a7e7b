import { IonSelect, IonSelectOption } from '@ionic/react';
import { useEffect, useState } from 'react';
import type { InboxMessage, InboxStaff } from '../../../../common/inbox-schemas';
import { fetchInboxStaff } from '../api/inbox/fetch-inbox-staff';

const NOBODY = 'nobody';

/** Who the conversation is assigned to; choosing someone tells them by mail. */
export function InboxAssignee({ message, onAssign }: { message: InboxMessage; onAssign: (assigneeId: string | null) => void }) {
  const [staff, setStaff] = useState<InboxStaff['staff']>([]);
  useEffect(() => {
    fetchInboxStaff()
      .then((loaded) => setStaff(loaded.staff))
      .catch(() => setStaff([]));
  }, []);
  const current = message.assigneeId ?? NOBODY;
  // The current assignee stays listed even when the staff list is not loaded (yet).
  const members =
    message.assigneeId && !staff.some((member) => member.id === message.assigneeId)
      ? [...staff, { id: message.assigneeId, email: message.assigneeEmail ?? message.assigneeId }]
      : staff;
  return (
    <IonSelect
      className="inbox-message__assignee"
      label="Assignee"
      labelPlacement="stacked"
      fill="outline"
      interface="popover"
      value={current}
      onIonChange={(event) => {
        const value = String(event.detail.value ?? NOBODY);
        if (value !== current) onAssign(value === NOBODY ? null : value);
      }}
    >
      <IonSelectOption value={NOBODY}>Nobody</IonSelectOption>
      {members.map((member) => (
        <IonSelectOption key={member.id} value={member.id}>
          {member.email}
        </IonSelectOption>
      ))}
    </IonSelect>
  );
}
