import { IonBadge } from '@ionic/react';
import { INBOX_STATUS_LABELS, type InboxStatus } from '../../../../common/inbox-schemas';

/** The status as a word (never colour alone), coloured per status. */
export function InboxStatusBadge({ status }: { status: InboxStatus }) {
  return <IonBadge className={`inbox-badge inbox-badge--${status}`}>{INBOX_STATUS_LABELS[status]}</IonBadge>;
}
