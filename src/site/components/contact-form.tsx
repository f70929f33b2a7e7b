import { useSyncExternalStore } from 'react';
import { charactersLeft } from '../../common/characters-left';
import { SUPPORT_LIMITS } from '../../common/support-limits';
import { describedBy, type FieldName } from '../lib/contact-form-rules';
import { useContactForm } from '../lib/use-contact-form';
import type { SupportFormState } from '../../common/site-data';
import { ContactField } from './contact-field';
import { ContactResult } from './contact-result';
import { LineIcon } from './icons';

const noSubscription = () => () => undefined;

/**
 * The Contact Us form. Without JavaScript it is an ordinary form posting to /support; once
 * hydrated it validates inline with the server's own rules and sends through the outbox, so a
 * message survives a dead network or server and is delivered once.
 */
export function ContactForm({ subject, form }: { subject: string; form: SupportFormState }) {
  // False on the server and while hydrating, true after: the form switches to our own validation.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const { values, errors, status, problem, waiting, pasteCut, refFor, paste, change, blur, submit, reset } = useContactForm(subject, form);

  if (status.kind === 'sent' || status.kind === 'queued') return <ContactResult status={status} hydrated={hydrated} onReset={reset} />;

  const fieldProps = (field: FieldName) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, Boolean(errors[field]), Boolean(pasteCut)),
    onBlur: () => blur(field),
  });

  return (
    <form className="contact-form" action="/support" method="post" noValidate={hydrated} onSubmit={submit} aria-labelledby="form-title">
      <h2 id="form-title">Send us a message</h2>
      {waiting > 0 ? (
        <p className="notice notice--info" role="status">
          <LineIcon name="cloudOff" /> {waiting === 1 ? 'One earlier message is' : `${waiting} earlier messages are`} saved on this device
          and will be sent automatically when the connection returns.
        </p>
      ) : null}
      {problem ? (
        <p className="notice notice--error" role="alert">
          <LineIcon name="alert" /> {problem}
        </p>
      ) : null}
      <input type="hidden" name="idempotencyKey" value={form.idempotencyKey} />
      <input type="hidden" name="formToken" value={form.formToken} />
      {/* A field people never see or reach; robots that fill every field fill this one too. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="form-row">
        <ContactField field="name" error={errors.name}>
          <input
            {...fieldProps('name')}
            ref={refFor('name')}
            type="text"
            autoComplete="name"
            required
            maxLength={SUPPORT_LIMITS.name}
            onChange={(event) => change('name', event.target.value)}
          />
        </ContactField>
        <ContactField field="email" error={errors.email}>
          <input
            {...fieldProps('email')}
            ref={refFor('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            required
            maxLength={SUPPORT_LIMITS.email}
            onChange={(event) => change('email', event.target.value)}
          />
        </ContactField>
      </div>
      <ContactField field="subject" error={errors.subject} optional>
        <input
          {...fieldProps('subject')}
          ref={refFor('subject')}
          type="text"
          maxLength={SUPPORT_LIMITS.subject}
          onChange={(event) => change('subject', event.target.value)}
        />
      </ContactField>
      <ContactField field="message" error={errors.message} hint={charactersLeft(values.message, SUPPORT_LIMITS.message)}>
        <textarea
          {...fieldProps('message')}
          ref={refFor('message')}
          rows={7}
          required
          minLength={SUPPORT_LIMITS.messageMin}
          maxLength={SUPPORT_LIMITS.message}
          onPaste={paste}
          onChange={(event) => change('message', event.target.value)}
        />
        {pasteCut !== null ? (
          <p className="field__note" id="contact-message-cut" role="status">
            The text you pasted had {pasteCut.toLocaleString('en-US')} characters; a message holds{' '}
            {SUPPORT_LIMITS.message.toLocaleString('en-US')}, so only the start of it was kept. Please shorten it or send the rest in a
            second message.
          </p>
        ) : null}
      </ContactField>
      <div className="contact-form__footer">
        <button type="submit" className="button button--primary" disabled={status.kind === 'sending'}>
          {status.kind === 'sending' ? 'Sending…' : 'Send message'}
          <LineIcon name="arrow" size={18} />
        </button>
        <p className="muted small">We reply within one working day. We never share your details.</p>
      </div>
    </form>
  );
}
