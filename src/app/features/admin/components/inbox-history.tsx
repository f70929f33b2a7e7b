import { IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import { INBOX_STATUS_LABELS, type InboxEvent } from '../../../../common/inbox-schemas';
import { inboxTime } from '../state/inbox-format';

const DELIVERY: Record<NonNullable<InboxEvent['delivery']>, string> = {
  queued: 'Mail queued',
  retrying: 'Mail server unreachable, retrying',
  sent: 'Mail sent',
};

function title(event: InboxEvent): string {
  if (event.kind === 'reply') return 'Reply';
  if (event.kind === 'note') return 'Internal note';
  return `Status: ${event.fromStatus ? INBOX_STATUS_LABELS[event.fromStatus] : '?'} → ${event.toStatus ? INBOX_STATUS_LABELS[event.toStatus] : '?'}`;
}

/** Everything done with a message, oldest first. */
export function InboxHistory({ history }: { history: readonly InboxEvent[] }) {
  if (history.length === 0) return <p>Nothing has been done with this message yet.</p>;
  return (
    <IonList className="inbox-history">
      {history.map((event) => (
        <IonItem key={event.id} lines="full">
          <IonLabel className="ion-text-wrap">
            <h3>
              {title(event)}
              {event.delivery ? (
                <span className={`inbox-delivery inbox-delivery--${event.delivery}`}> · {DELIVERY[event.delivery]}</span>
              ) : null}
            </h3>
            <p>
              {event.actorEmail ?? 'Unknown'} · <time dateTime={event.at}>{inboxTime(event.at)}</time>
            </p>
            {event.body ? <p className="inbox-history__body">{event.body}</p> : null}
          </IonLabel>
          {event.kind === 'note' ? <IonNote slot="end">Staff only</IonNote> : null}
        </IonItem>
      ))}
    </IonList>
  );
}
