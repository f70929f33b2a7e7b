import { lazy, Suspense, useEffect, useState } from 'react';
import type { CustomerConversation } from '../../../../common/inbox-schemas';
import { fetchSupportConversations } from '../api/support-conversations';
import { FormError, FormNotice } from './auth-fields';

// The answer box (and Ionic's text area, 6.7 KB) loads only under a conversation to answer:
// most accounts have none, and the Account page is drawn without it.
const AnswerForm = lazy(() => import('./support-answer-form').then((module) => ({ default: module.AnswerForm })));

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Your messages to support": the customer's conversations (verified email only) and an answer box in each. */
export function SupportConversations({ verified }: { verified: boolean | null }) {
  const [conversations, setConversations] = useState<CustomerConversation[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!verified) return;
    fetchSupportConversations()
      .then((loaded) => setConversations(loaded.conversations))
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : 'Your messages could not be loaded.'));
  }, [verified]);

  const replace = (next: CustomerConversation) => {
    setConversations((current) => (current ?? []).map((item) => (item.id === next.id ? next : item)));
    setNotice('Your answer has been sent to our support team.');
  };

  return (
    <section className="auth-section support-conversations" aria-labelledby="support-conversations-heading">
      <h2 id="support-conversations-heading">Your messages to support</h2>
      {verified === false ? <p>Confirm your email address to see your messages to our support team here.</p> : null}
      <FormError message={error} />
      <FormNotice message={notice} />
      {verified && conversations?.length === 0 ? <p>You have not written to us yet.</p> : null}
      {conversations?.map((conversation) => (
        <article key={conversation.id} className="support-conversation" aria-labelledby={`conversation-${conversation.id}`}>
          <h3 id={`conversation-${conversation.id}`}>
            {conversation.subject ?? 'Your message'}{' '}
            <span className="support-conversation__status">({conversation.status === 'closed' ? 'closed' : 'open'})</span>
          </h3>
          <ol className="support-conversation__messages">
            {conversation.messages.map((message) => (
              <li key={message.id} className={`support-conversation__message support-conversation__message--${message.from}`}>
                <p className="support-conversation__meta">
                  {message.from === 'customer' ? 'You' : 'Northwind support'} · <time dateTime={message.at}>{when(message.at)}</time>
                </p>
                <p className="support-conversation__body">{message.body}</p>
              </li>
            ))}
          </ol>
          <Suspense fallback={null}>
            <AnswerForm conversation={conversation} onAnswered={replace} />
          </Suspense>
        </article>
      ))}
    </section>
  );
}
