import { IonItem, IonLabel, IonList, IonSpinner } from '@ionic/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminSession, AuditEntry } from '../../../../common/admin-schemas';
import type { InboxSummary } from '../../../../common/inbox-schemas';
import { homeAudit, homeAuditArrived, inboxSummaryArrived, inboxSummaryNow } from '../api/console-answers';
import type { AuditPage } from '../api/audit/fetch-audit';
import { useHoldFirstScreen } from '../../../lib/after-first-screen';
import { ConsolePage } from '../components/console-page';
import { showTime } from '../state/audit-format';
import { inboxTime } from '../state/inbox-format';
import { auditSentence } from '../state/audit-sentence';
import { CONTENT_SECTIONS, contentSectionOf } from '../state/content-sections';
import { AUDIT_ACTIONS } from '../../../../common/audit-catalogue';

type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; value: T };

/** `load`'s answer; `arrived`, an answer already here, makes the first render the finished one. */
function useLoaded<T>(load: (() => Promise<T>) | null, arrived: () => { value: T } | undefined): Loaded<T> | null {
  const [state, setState] = useState<Loaded<T>>(() => {
    const got = load ? arrived() : undefined;
    return got ? { status: 'ready', value: got.value } : { status: 'loading' };
  });
  useEffect(() => {
    if (!load || state.status !== 'loading') return;
    let active = true;
    load()
      .then((value) => active && setState({ status: 'ready', value }))
      .catch(
        (error: unknown) =>
          active && setState({ status: 'error', message: error instanceof Error ? error.message : 'This could not be read.' }),
      );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once when the page opens
  }, []);
  return load ? state : null;
}

const messagesText = (count: number) => (count === 1 ? '1 new message' : `${count} new messages`);
/** A content item's name as the entry recorded it (after the change, or before a deletion). */
function contentName(entry: AuditEntry): string {
  for (const side of [entry.after, entry.before]) {
    if (side && typeof side === 'object') {
      const record = side as Record<string, unknown>;
      for (const key of ['title', 'name', 'company']) if (typeof record[key] === 'string') return record[key];
    }
  }
  return entry.itemLabel ?? entry.itemId ?? '';
}
/** "Added", "Edited", "Picture set"...: the catalogue's label without its list's name. */
function whatHappened(entry: AuditEntry): string {
  const label = AUDIT_ACTIONS[entry.action]?.split(': ').pop() ?? entry.action.split('.').pop()!.replace(/_/g, ' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const who = (entry: AuditEntry) => entry.actorName ?? entry.actorEmail ?? 'the command line';

function Waiting({ what }: { what: string }) {
  return (
    <div className="admin-page__status" role="status">
      <IonSpinner aria-label={`Loading ${what}`} />
    </div>
  );
}

function NewMessages({ summary }: { summary: Loaded<InboxSummary> }) {
  return (
    <section aria-labelledby="home-messages">
      <h2 id="home-messages">New messages</h2>
      {summary.status === 'loading' ? (
        <Waiting what="the inbox" />
      ) : summary.status === 'error' ? (
        <p role="alert">{summary.message}</p>
      ) : (
        <>
          <p className="console-home__count">
            {summary.value.newCount === 0 ? 'No new messages.' : `${messagesText(summary.value.newCount)} in the inbox.`}
          </p>
          {summary.value.latestNew.length > 0 && (
            <IonList inset aria-label="The latest new messages">
              {summary.value.latestNew.map((message) => (
                <IonItem key={message.id} routerLink={`/admin/inbox/${encodeURIComponent(message.id)}`} detail>
                  <IonLabel>
                    <strong>{message.subject ?? message.message.slice(0, 60)}</strong>
                    <p>
                      {message.name}, {inboxTime(message.date)}
                    </p>
                  </IonLabel>
                </IonItem>
              ))}
            </IonList>
          )}
          <p>
            <Link to="/admin/inbox">Open the inbox</Link>
          </p>
        </>
      )}
    </section>
  );
}

/** `audit` is null for staff without the administrator's role, who do not see the audit log. */
function Activity({ audit }: { audit: Loaded<AuditPage> | null }) {
  if (!audit)
    return (
      <section aria-labelledby="home-content">
        <h2 id="home-content">Content</h2>
        <p className="console-home__muted">What was edited lately is in the audit log, which administrators see.</p>
        <IonList inset aria-label="Content lists">
          {Object.values(CONTENT_SECTIONS).map((section) => (
            <IonItem key={section.path} routerLink={section.path} detail>
              <IonLabel>{section.many}</IonLabel>
            </IonItem>
          ))}
          <IonItem routerLink="/admin/content/news" detail>
            <IonLabel>News</IonLabel>
          </IonItem>
          <IonItem routerLink="/admin/content/site-texts" detail>
            <IonLabel>Site texts</IonLabel>
          </IonItem>
        </IonList>
      </section>
    );
  const entries = audit.status === 'ready' ? audit.value.entries : [];
  const edited = entries.filter((entry) => contentSectionOf(entry.itemType)).slice(0, 5);
  const recent = entries.slice(0, 5);
  return (
    <>
      <section aria-labelledby="home-content">
        <h2 id="home-content">Recently edited content</h2>
        {audit.status === 'loading' ? (
          <Waiting what="recent edits" />
        ) : audit.status === 'error' ? (
          <p role="alert">{audit.message}</p>
        ) : edited.length === 0 ? (
          <p>No content was edited lately.</p>
        ) : (
          <IonList inset aria-label="Recently edited content">
            {edited.map((entry) => {
              const section = contentSectionOf(entry.itemType)!;
              const href =
                entry.itemId && !entry.action.endsWith('.delete') ? `${section.path}/${encodeURIComponent(entry.itemId)}` : section.path;
              return (
                <IonItem key={entry.id} routerLink={href} detail>
                  <IonLabel>
                    <strong>
                      {section.one}: {contentName(entry)}
                    </strong>
                    <p>
                      {whatHappened(entry)} by {who(entry)}, {showTime(entry.at)}
                    </p>
                  </IonLabel>
                </IonItem>
              );
            })}
          </IonList>
        )}
      </section>
      <section aria-labelledby="home-activity">
        <h2 id="home-activity">Recent activity</h2>
        {audit.status === 'ready' && recent.length === 0 ? (
          <p>Nothing happened yet.</p>
        ) : audit.status === 'ready' ? (
          <IonList inset aria-label="Recent activity">
            {recent.map((entry) => (
              <IonItem key={entry.id}>
                <IonLabel>
                  <strong>{auditSentence(entry).text}</strong>
                  <p>{showTime(entry.at)}</p>
                </IonLabel>
              </IonItem>
            ))}
          </IonList>
        ) : null}
        <p>
          <Link to="/admin/audit">The whole audit log</Link>
        </p>
      </section>
    </>
  );
}

/**
 * The home is drawn once, with its answers in place. They were asked for beside the console's
 * code (console-answers.ts) and are usually here; when one comes after the gate's (a busy server,
 * a slow network), a section drawn with a spinner and filled in later pushed everything under it
 * down (the inbox's five latest messages: a layout shift of 0.19 on a phone). So the gate's
 * spinner stays until they are in, or until `HOME_WAIT_LIMIT_MS`: an answer that never comes must
 * not hide the rest, which is then drawn with a spinner where that answer goes.
 */
const HOME_WAIT_LIMIT_MS = 2000;

function useWaitedFor(ms: number): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return waited;
}

function Home({ session }: { session: AdminSession }) {
  const summary = useLoaded<InboxSummary>(inboxSummaryNow, inboxSummaryArrived)!;
  const audit = useLoaded(session.roles.includes('admin') ? homeAudit : null, homeAuditArrived);
  const answered = summary.status !== 'loading' && audit?.status !== 'loading';
  const waitedEnough = useWaitedFor(HOME_WAIT_LIMIT_MS);
  useHoldFirstScreen(answered || waitedEnough);
  // The gate's own spinner, in the same place: the handover shows no change.
  if (!answered && !waitedEnough) return <Waiting what="the console" />;
  return (
    <div className="console-home">
      <h1>What needs attention</h1>
      <p>Signed in as {session.email}.</p>
      <NewMessages summary={summary} />
      <section aria-labelledby="home-insights">
        <h2 id="home-insights">Visits</h2>
        <p>
          <Link to="/admin/insights">Insights</Link>: who visits, what they read, whether they get in touch, and how fast the pages are.
        </p>
      </section>
      <Activity audit={audit} />
    </div>
  );
}

export default function ConsoleHomePage() {
  return (
    <ConsolePage title="Staff console" defaultHref="/app/tabs/home">
      {(session) => <Home session={session} />}
    </ConsolePage>
  );
}
