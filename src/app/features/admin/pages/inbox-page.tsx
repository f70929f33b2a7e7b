import { IonButton, IonItem, IonLabel, IonList, IonSpinner, IonToggle } from '@ionic/react';
import { useEffect, useState } from 'react';
import type { InboxMessage } from '../../../../common/inbox-schemas';
import { downloadInboxCsv } from '../api/inbox/download-inbox-csv';
import { fetchInboxPreferences, saveInboxPreferences } from '../api/inbox/inbox-preferences';
import type { InboxFilter } from '../api/inbox/inbox-query';
import { ConsolePage } from '../components/console-page';
import { InboxFilters } from '../components/inbox-filters';
import { InboxStatusBadge } from '../components/inbox-status-badge';
import { useInboxList } from '../state/use-inbox-list';
import { useAuth } from '../../../lib/session/session-store';
import '../inbox.css';
import { inboxTime } from '../state/inbox-format';

function MessageRow({ message }: { message: InboxMessage }) {
  return (
    <IonItem routerLink={`/admin/inbox/${encodeURIComponent(message.id)}`} detail className={`inbox-row inbox-row--${message.status}`}>
      <IonLabel className="ion-text-wrap">
        <h3>
          {message.name} <span className="inbox-row__email">&lt;{message.email}&gt;</span>
        </h3>
        <p className="inbox-row__subject">{message.subject ?? '(no subject)'}</p>
        <p className="inbox-row__excerpt">{message.message.length > 140 ? `${message.message.slice(0, 140)}…` : message.message}</p>
        <p>
          <time dateTime={message.date}>{inboxTime(message.date)}</time>
          {message.assigneeEmail ? ` · Assigned to ${message.assigneeEmail}` : ''}
        </p>
      </IonLabel>
      <div slot="end">
        <InboxStatusBadge status={message.status} />
      </div>
    </IonItem>
  );
}

function NotifyToggle() {
  const [notify, setNotify] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    fetchInboxPreferences()
      .then((preferences) => setNotify(preferences.notifyNewMessages))
      .catch(() => setProblem('Your notification choice could not be loaded.'));
  }, []);
  const change = (value: boolean) => {
    setNotify(value);
    saveInboxPreferences({ notifyNewMessages: value }).catch(() => {
      setNotify(!value);
      setProblem('Your notification choice could not be saved. Please try again.');
    });
  };
  return (
    <>
      <IonToggle
        checked={notify ?? false}
        disabled={notify === null}
        onIonChange={(event) => change(event.detail.checked)}
        className="inbox-notify"
      >
        Email me about each new message
      </IonToggle>
      {problem ? <p role="alert">{problem}</p> : null}
    </>
  );
}

function Inbox() {
  const { user } = useAuth();
  const [filter, setFilter] = useState<InboxFilter>({ q: '', status: '' });
  const [exporting, setExporting] = useState(false);
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const list = useInboxList(filter);

  const exportCsv = () => {
    setExporting(true);
    setExportProblem(null);
    downloadInboxCsv(filter)
      .catch((failure: unknown) => setExportProblem(failure instanceof Error ? failure.message : 'The export failed.'))
      .finally(() => setExporting(false));
  };

  return (
    <>
      <h1 className="inbox-title">Contact Us inbox</h1>
      <NotifyToggle />
      <InboxFilters filter={filter} onChange={setFilter} onExport={exportCsv} exporting={exporting} myId={user?.uid ?? null} />
      {exportProblem ? <p role="alert">{exportProblem}</p> : null}
      <p className="inbox-live" role="status" aria-live="polite">
        {list.arrived > 0 ? `${list.arrived} new message${list.arrived === 1 ? '' : 's'} arrived.` : ''}
      </p>
      {list.error ? <p role="alert">{list.error}</p> : null}
      {list.messages.length > 0 ? (
        <IonList className="inbox-list" aria-label="Messages, newest first">
          {list.messages.map((message) => (
            <MessageRow key={message.id} message={message} />
          ))}
        </IonList>
      ) : !list.loading && !list.error ? (
        <p>{filter.q || filter.status || filter.assigneeId ? 'No messages match this view.' : 'No messages yet.'}</p>
      ) : null}
      {list.loading ? (
        <div className="admin-page__status" role="status">
          <IonSpinner aria-label="Loading messages" />
        </div>
      ) : list.next ? (
        <IonButton expand="block" fill="outline" onClick={list.loadMore}>
          Show older messages
        </IonButton>
      ) : null}
    </>
  );
}

export default function InboxPage() {
  return (
    <ConsolePage title="Contact Us inbox" requires="staff">
      {() => <Inbox />}
    </ConsolePage>
  );
}
