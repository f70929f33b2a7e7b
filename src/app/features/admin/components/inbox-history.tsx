import { IonButton, IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import { safeAttachmentFilename } from '../../../../common/attachment-filename';
import { INBOX_STATUS_LABELS, type InboxEvent } from '../../../../common/inbox-schemas';
import { downloadInboxAttachment } from '../api/inbox/download-inbox-attachment';
import { downloadInboxMail } from '../api/inbox/download-inbox-mail';
import { inboxTime } from '../state/inbox-format';

const DELIVERY: Record<NonNullable<InboxEvent['delivery']>, string> = {
  queued: 'Mail queued',
  retrying: 'Mail server unreachable, retrying',
  sent: 'Mail sent',
};

function title(event: InboxEvent): string {
  if (event.kind === 'reply') return 'Reply';
  if (event.kind === 'answer') return 'Customer’s answer';
  if (event.kind === 'note') return 'Internal note';
  if (event.kind === 'assign') return event.body ? `Assigned to ${event.body}` : 'Unassigned';
  return `Status: ${event.fromStatus ? INBOX_STATUS_LABELS[event.fromStatus] : '?'} → ${event.toStatus ? INBOX_STATUS_LABELS[event.toStatus] : '?'}`;
}

const kilobytes = (size: number) => `${Math.max(1, Math.round(size / 1024))} KB`;

/** The conversation after its first message, oldest first: replies, answers, notes, status and assignee changes. */
export function InboxHistory({ conversationId, history }: { conversationId: string; history: readonly InboxEvent[] }) {
  if (history.length === 0) return <p>Nothing has been done with this message yet.</p>;
  return (
    <IonList className="inbox-history">
      {history.map((event) => (
        <IonItem key={event.id} lines="full" className={`inbox-history__item inbox-history__item--${event.kind}`}>
          <IonLabel className="ion-text-wrap">
            <h3>
              {title(event)}
              {event.delivery ? (
                <span className={`inbox-delivery inbox-delivery--${event.delivery}`}> · {DELIVERY[event.delivery]}</span>
              ) : null}
            </h3>
            <p>
              {event.actorEmail ?? 'Help desk'} · <time dateTime={event.at}>{inboxTime(event.at)}</time>
            </p>
            {event.body && event.kind !== 'assign' ? <p className="inbox-history__body">{event.body}</p> : null}
            {event.quoted ? (
              <details className="inbox-history__quoted">
                <summary>Show the quoted history</summary>
                <p className="inbox-history__body">{event.quoted}</p>
              </details>
            ) : null}
            {event.mailId ? (
              <IonButton
                size="small"
                fill="clear"
                onClick={() => void downloadInboxMail(conversationId, event.mailId!).catch(() => undefined)}
              >
                Download the whole mail
              </IonButton>
            ) : null}
            {event.attachments.length > 0 ? (
              <ul className="inbox-history__files" aria-label="Attachments">
                {event.attachments.map((file) => (
                  <li key={file.id}>
                    <IonButton
                      size="small"
                      fill="outline"
                      onClick={() => void downloadInboxAttachment(conversationId, file).catch(() => undefined)}
                    >
                      {safeAttachmentFilename(file.filename, file.contentType)} ({kilobytes(file.size)})
                    </IonButton>
                  </li>
                ))}
              </ul>
            ) : null}
          </IonLabel>
          {event.kind === 'note' ? <IonNote slot="end">Staff only</IonNote> : null}
        </IonItem>
      ))}
    </IonList>
  );
}
