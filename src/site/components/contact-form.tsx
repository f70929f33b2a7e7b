import {
  type ClipboardEvent,
  type FormEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { charactersLeft } from '../../common/characters-left';
import { SUPPORT_LIMITS } from '../../common/support-limits';
import type { SupportFieldErrors, SupportMessageCreated, validateSupportMessage } from '../../common/support-message';
import { getOutboxSnapshot, getServerOutboxSnapshot, submitSupportMessage, subscribeOutbox } from '../lib/outbox-store';
import type { SupportFormState } from '../site-data';
import { LineIcon } from './icons';

type FieldName = 'name' | 'email' | 'subject' | 'message';
type Values = Record<FieldName, string>;

type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: SupportMessageCreated | null; afterQueue: boolean }
  | { kind: 'queued'; key: string };

const noSubscription = () => () => undefined;

type Validate = typeof validateSupportMessage;
/** The rules (and zod) load only on this page, keeping every other site page lighter. */
const loadValidator = (): Promise<Validate> => import('../../common/support-message').then((module) => module.validateSupportMessage);

const FIELD_ORDER: FieldName[] = ['name', 'email', 'subject', 'message'];
const LABELS: Record<FieldName, string> = { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' };

const NOTICE_TEXT: Record<'invalid' | 'rate_limited' | 'unavailable', string> = {
  invalid: 'Some fields need another look. Please check them and send again.',
  rate_limited: 'You have sent several messages in a short time. Please wait a minute and try again.',
  unavailable: 'We could not store your message just now. Please try again in a moment, or call us.',
};

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
  const [values, setValues] = useState<Values>({ name: '', email: '', subject, message: '' });
  const [errors, setErrors] = useState<SupportFieldErrors>(() =>
    Object.fromEntries(form.invalidFields.map((field) => [field, `Please check your ${field}.`])),
  );
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [ownStatus, setStatus] = useState<Status>(
    form.notice === 'sent' ? { kind: 'sent', message: null, afterQueue: false } : { kind: 'editing' },
  );
  const [problem, setProblem] = useState<string | null>(form.notice && form.notice !== 'sent' ? NOTICE_TEXT[form.notice] : null);
  const outbox = useSyncExternalStore(subscribeOutbox, getOutboxSnapshot, getServerOutboxSnapshot);
  const panelRef = useRef<HTMLHeadingElement>(null);
  const fieldRefs = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const [validator, setValidator] = useState<Validate | null>(null);

  useEffect(() => {
    void loadValidator().then((validate) => setValidator(() => validate));
  }, []);

  // A queued message that the background sender has since delivered shows as sent.
  const deliveredLater = ownStatus.kind === 'queued' ? outbox.delivered[ownStatus.key] : undefined;
  const status: Status = deliveredLater ? { kind: 'sent', message: deliveredLater, afterQueue: true } : ownStatus;

  // A layout effect: focus moves to the result in the same frame the result appears.
  useLayoutEffect(() => {
    if (status.kind === 'sent' || status.kind === 'queued') panelRef.current?.focus();
  }, [status.kind]);

  // A paste longer than the room left is cut by the field's maxLength: say so, never silently.
  const [pasteCut, setPasteCut] = useState<number | null>(null);
  const paste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const target = event.currentTarget;
    const pasted = event.clipboardData.getData('text').replace(/\r\n/g, '\n');
    const room = SUPPORT_LIMITS.message - (target.value.length - (target.selectionEnd - target.selectionStart));
    setPasteCut(pasted.length > room ? pasted.length : null);
  };

  const change = (field: FieldName, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    const validateSupportMessage = validator;
    if (validateSupportMessage && (touched[field] || errors[field])) {
      const result = validateSupportMessage(next);
      setErrors((current) => ({ ...current, [field]: result.ok ? undefined : result.fields[field] }));
    }
  };

  const blur = (field: FieldName) => {
    setTouched((current) => ({ ...current, [field]: true }));
    const validateSupportMessage = validator;
    if (!validateSupportMessage) return;
    const result = validateSupportMessage(values);
    setErrors((current) => ({ ...current, [field]: result.ok ? undefined : result.fields[field] }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read before the first await: React clears currentTarget once the handler yields.
    const fields = new FormData(event.currentTarget);
    if (status.kind === 'sending') return;
    const validateSupportMessage = validator ?? (await loadValidator());
    const result = validateSupportMessage(values);
    if (!result.ok) {
      setErrors(result.fields);
      setTouched({ name: true, email: true, subject: true, message: true });
      const first = FIELD_ORDER.find((field) => result.fields[field]);
      if (first) fieldRefs.current[first]?.focus();
      return;
    }
    setErrors({});
    setProblem(null);
    setStatus({ kind: 'sending' });
    const outcome = await submitSupportMessage(result.value, {
      website: String(fields.get('website') ?? ''),
      formToken: form.formToken,
    });
    if (outcome.kind === 'sent') setStatus({ kind: 'sent', message: outcome.message, afterQueue: false });
    else if (outcome.kind === 'queued') setStatus({ kind: 'queued', key: outcome.key });
    else {
      setStatus({ kind: 'editing' });
      setErrors(outcome.fields as SupportFieldErrors);
      setProblem(outcome.message);
    }
  };

  const reset = () => {
    setValues({ name: values.name, email: values.email, subject: '', message: '' });
    setErrors({});
    setTouched({});
    setStatus({ kind: 'editing' });
  };

  if (status.kind === 'sent' || status.kind === 'queued') {
    const sent = status.kind === 'sent';
    return (
      <div className={`form-result ${sent ? 'form-result--sent' : 'form-result--queued'}`} role="status">
        <span className="form-result__icon">
          <LineIcon name={sent ? 'check' : 'cloudOff'} size={32} />
        </span>
        <h2 ref={panelRef} tabIndex={-1}>
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
            <button type="button" className="button button--ghost" onClick={reset}>
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

  const waiting = outbox.pending.length;
  const fieldProps = (field: FieldName) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [
        errors[field] ? `contact-${field}-error` : null,
        field === 'message' && !errors[field] ? 'contact-message-hint' : null,
        field === 'message' && pasteCut ? 'contact-message-cut' : null,
      ]
        .filter(Boolean)
        .join(' ') || undefined,
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
        <Field field="name" error={errors.name}>
          <input
            {...fieldProps('name')}
            ref={(element) => {
              fieldRefs.current.name = element;
            }}
            type="text"
            autoComplete="name"
            required
            maxLength={SUPPORT_LIMITS.name}
            onChange={(event) => change('name', event.target.value)}
          />
        </Field>
        <Field field="email" error={errors.email}>
          <input
            {...fieldProps('email')}
            ref={(element) => {
              fieldRefs.current.email = element;
            }}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            required
            maxLength={SUPPORT_LIMITS.email}
            onChange={(event) => change('email', event.target.value)}
          />
        </Field>
      </div>
      <Field field="subject" error={errors.subject} optional>
        <input
          {...fieldProps('subject')}
          ref={(element) => {
            fieldRefs.current.subject = element;
          }}
          type="text"
          maxLength={SUPPORT_LIMITS.subject}
          onChange={(event) => change('subject', event.target.value)}
        />
      </Field>
      <Field field="message" error={errors.message} hint={charactersLeft(values.message, SUPPORT_LIMITS.message)}>
        <textarea
          {...fieldProps('message')}
          ref={(element) => {
            fieldRefs.current.message = element;
          }}
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
      </Field>
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

function Field({
  field,
  error,
  optional,
  hint,
  children,
}: {
  field: FieldName;
  error: string | undefined;
  optional?: boolean;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={`contact-${field}`}>
        {LABELS[field]}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {children}
      {hint && !error ? (
        <p className="field__hint" id={`contact-${field}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`contact-${field}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
