import type { InboxMessage } from '../../../../common/inbox-schemas';
import { inboxTime } from '../state/inbox-format';
import { mailtoHref } from '../state/mail-link';
import { InboxStatusBadge } from './inbox-status-badge';

const SPAM_REASONS: Record<string, string> = {
  honeypot: 'the hidden field was filled in',
  too_fast: 'the form was sent faster than a person can type',
  bad_token: 'the form’s time stamp was not ours',
  no_token: 'the form was posted without being shown',
};

/** The message as the visitor sent it: subject, status, sender, time, text. */
export function InboxMessageCard({ message }: { message: InboxMessage }) {
  const mailto = mailtoHref(message.email);
  return (
    <>
      <header className="inbox-message__head">
        <h1>{message.subject ?? '(no subject)'}</h1>
        <InboxStatusBadge status={message.status} />
      </header>
      <p>
        From <strong>{message.name}</strong> &lt;{mailto ? <a href={mailto}>{message.email}</a> : message.email}&gt; on{' '}
        <time dateTime={message.date}>{inboxTime(message.date)}</time>
      </p>
      {message.status === 'spam' && message.spamReason ? (
        <p className="inbox-message__spam">Marked as spam because {SPAM_REASONS[message.spamReason] ?? message.spamReason}.</p>
      ) : null}
      <div className="inbox-message__body">{message.message}</div>
    </>
  );
}
