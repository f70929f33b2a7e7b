import { IonSelect, IonSelectOption, IonSpinner } from '@ionic/react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  INBOX_NOTE_MAX,
  INBOX_REPLY_MAX,
  INBOX_STATUSES,
  INBOX_STATUS_LABELS,
  type InboxMessageDetail,
  type InboxStatus,
} from '../../../../common/inbox-schemas';
import { addInboxNote } from '../api/inbox/add-inbox-note';
import { fetchInboxMessage } from '../api/inbox/fetch-inbox-message';
import { sendInboxReply } from '../api/inbox/send-inbox-reply';
import { setInboxStatus } from '../api/inbox/set-inbox-status';
import { followInbox } from '../api/inbox/inbox-live';
import { ConsolePage } from '../components/console-page';
import { assignInboxConversation } from '../api/inbox/assign-inbox-conversation';
import { InboxAssignee } from '../components/inbox-assignee';
import { InboxCompose } from '../components/inbox-compose';
import { InboxSavedReplies } from '../components/inbox-saved-replies';
import { InboxHistory } from '../components/inbox-history';
import { InboxMessageCard } from '../components/inbox-message-card';
import '../inbox.css';

function MessageView({ id }: { id: string }) {
  const [detail, setDetail] = useState<InboxMessageDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [replyText, setReplyText] = useState('');

  useEffect(() => {
    let active = true;
    fetchInboxMessage(id)
      .then((loaded) => active && setDetail(loaded))
      .catch((failure: unknown) => active && setProblem(failure instanceof Error ? failure.message : 'The message could not be loaded.'));
    return () => {
      active = false;
    };
  }, [id]);

  // Another staff member's reply, note or status change shows here without a reload.
  useEffect(
    () =>
      followInbox((event) => {
        if (event.kind === 'update' && event.message.id === id)
          void fetchInboxMessage(id)
            .then(setDetail)
            .catch(() => undefined);
      }),
    [id],
  );

  // A reply's delivery state changes after it is saved: look again until the mail is out.
  const waiting = detail?.history.some((event) => event.delivery && event.delivery !== 'sent') ?? false;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(
      () =>
        void fetchInboxMessage(id)
          .then(setDetail)
          .catch(() => undefined),
      3000,
    );
    return () => clearInterval(timer);
  }, [id, waiting]);

  if (problem) return <p role="alert">{problem}</p>;
  if (!detail) {
    return (
      <div className="admin-page__status" role="status">
        <IonSpinner aria-label="Loading the message" />
      </div>
    );
  }
  const { message } = detail;

  const changeStatus = (status: InboxStatus) => {
    if (status === message.status) return;
    setInboxStatus(id, status)
      .then((next) => {
        setDetail(next);
        setAnnounce(`Status changed to ${INBOX_STATUS_LABELS[status]}.`);
      })
      .catch((failure: unknown) => setAnnounce(failure instanceof Error ? failure.message : 'The status could not be changed.'));
  };

  const assign = (assigneeId: string | null) => {
    assignInboxConversation(id, assigneeId)
      .then((next) => {
        setDetail(next);
        setAnnounce(next.message.assigneeEmail ? `Assigned to ${next.message.assigneeEmail}.` : 'Nobody is assigned now.');
      })
      .catch((failure: unknown) => setAnnounce(failure instanceof Error ? failure.message : 'The assignee could not be changed.'));
  };

  return (
    <article className="inbox-message">
      <InboxMessageCard message={message} />

      <div className="inbox-message__controls">
        <IonSelect
          className="inbox-message__status"
          label="Status"
          labelPlacement="stacked"
          fill="outline"
          interface="popover"
          value={message.status}
          onIonChange={(event) => changeStatus(event.detail.value as InboxStatus)}
        >
          {INBOX_STATUSES.map((status) => (
            <IonSelectOption key={status} value={status}>
              {INBOX_STATUS_LABELS[status]}
            </IonSelectOption>
          ))}
        </IonSelect>
        <InboxAssignee message={message} onAssign={assign} />
      </div>
      <p className="inbox-live" role="status" aria-live="polite">
        {announce}
      </p>

      <section aria-labelledby="inbox-history-title">
        <h2 id="inbox-history-title">Messages</h2>
        <InboxHistory conversationId={id} history={detail.history} />
      </section>

      <section aria-labelledby="inbox-reply-title">
        <h2 id="inbox-reply-title">Reply</h2>
        <InboxCompose
          id="inbox-reply"
          label={`Reply to ${message.email}`}
          submitLabel="Send reply"
          maxLength={INBOX_REPLY_MAX}
          text={replyText}
          onTextChange={setReplyText}
          onSubmit={async (text) => {
            setDetail(await sendInboxReply(id, text));
            setAnnounce('Reply saved; it is being mailed.');
          }}
        />
        <InboxSavedReplies text={replyText} onInsert={setReplyText} onSaved={setAnnounce} />
      </section>

      <section aria-labelledby="inbox-note-title">
        <h2 id="inbox-note-title">Internal note</h2>
        <InboxCompose
          id="inbox-note"
          label="Note for staff (never sent)"
          submitLabel="Add note"
          maxLength={INBOX_NOTE_MAX}
          onSubmit={async (text) => {
            setDetail(await addInboxNote(id, text));
            setAnnounce('Note added.');
          }}
        />
      </section>
    </article>
  );
}

export default function InboxMessagePage() {
  const { id } = useParams<{ id: string }>();
  return (
    <ConsolePage title="Conversation" requires="staff" defaultHref="/admin/inbox">
      {() => <MessageView key={id} id={id ?? ''} />}
    </ConsolePage>
  );
}
