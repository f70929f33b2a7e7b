import { useLayoutEffect, useRef } from 'react';
import type { ContactStatus } from '../lib/use-contact-form';
import { LineIcon } from './icons';

/** After sending: sent (now, or later from the device's queue), or kept on the device until the network returns. */
export function ContactResult({
  status,
  hydrated,
  onReset,
}: {
  status: Extract<ContactStatus, { kind: 'sent' | 'queued' }>;
  hydrated: boolean;
  onReset: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A layout effect: focus moves to the result in the same frame the result appears.
  useLayoutEffect(() => {
    headingRef.current?.focus();
  }, [status.kind]);

  const sent = status.kind === 'sent';
  return (
    <div className={`form-result ${sent ? 'form-result--sent' : 'form-result--queued'}`} role="status">
      <span className="form-result__icon">
        <LineIcon name={sent ? 'check' : 'cloudOff'} size={32} />
      </span>
      <h2 ref={headingRef} tabIndex={-1}>
        {sent
          ? status.afterQueue
            ? 'Your queued message has been delivered'
            : 'Thank you, your message has been sent'
          : 'Message saved, it will be sent automatically'}
      </h2>
      {sent ? (
        <p>
          {status.message ? (
            <>
              We received it on {new Date(status.message.date).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })} and
              will reply to <strong>{status.message.email}</strong> within one working day.
            </>
          ) : (
            'We received your message and will reply within one working day.'
          )}
        </p>
      ) : (
        <p>
          We could not reach our server just now, so your message is kept safely on this device. It will be sent as soon as the connection
          returns, even if you close this page and come back later. It will only ever be sent once.
        </p>
      )}
      {sent ? (
        hydrated ? (
          <button type="button" className="button button--ghost" onClick={onReset}>
            Send another message
          </button>
        ) : (
          <a className="button button--ghost" href="/support">
            Send another message
          </a>
        )
      ) : null}
    </div>
  );
}
