import { type ClipboardEvent, type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { SUPPORT_LIMITS } from '../../common/support-limits';
import type { SupportFieldErrors, SupportMessageCreated, validateSupportMessage } from '../../common/support-message';
import type { SupportFormState } from '../../common/site-data';
import { FIELD_ORDER, type FieldName, firstInvalidField, initialErrors, pasteCutLength, type Values } from './contact-form-rules';
import { getOutboxSnapshot, getServerOutboxSnapshot, submitSupportMessage, subscribeOutbox } from './outbox-store';

export type ContactStatus =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: SupportMessageCreated | null; afterQueue: boolean }
  | { kind: 'queued'; key: string };

type Validate = typeof validateSupportMessage;
/** The rules (and zod) load only on this page, keeping every other site page lighter. */
const loadValidator = (): Promise<Validate> => import('../../common/support-message').then((module) => module.validateSupportMessage);

const NOTICE_TEXT: Record<'invalid' | 'rate_limited' | 'unavailable', string> = {
  invalid: 'Some fields need another look. Please check them and send again.',
  rate_limited: 'You have sent several messages in a short time. Please wait a minute and try again.',
  unavailable: 'We could not store your message just now. Please try again in a moment, or call us.',
};

/**
 * The Contact Us form's state: values, inline validation with the server's own rules once they
 * have loaded, and sending through the outbox (a message kept on the device while offline).
 */
export function useContactForm(subject: string, form: SupportFormState) {
  const [values, setValues] = useState<Values>({ name: '', email: '', subject, message: '' });
  const [errors, setErrors] = useState<SupportFieldErrors>(() => initialErrors(form.invalidFields));
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [ownStatus, setStatus] = useState<ContactStatus>(
    form.notice === 'sent' ? { kind: 'sent', message: null, afterQueue: false } : { kind: 'editing' },
  );
  const [problem, setProblem] = useState<string | null>(form.notice && form.notice !== 'sent' ? NOTICE_TEXT[form.notice] : null);
  const outbox = useSyncExternalStore(subscribeOutbox, getOutboxSnapshot, getServerOutboxSnapshot);
  const fieldRefs = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const [validator, setValidator] = useState<Validate | null>(null);

  useEffect(() => {
    void loadValidator().then((validate) => setValidator(() => validate));
  }, []);

  // A queued message that the background sender has since delivered shows as sent.
  const deliveredLater = ownStatus.kind === 'queued' ? outbox.delivered[ownStatus.key] : undefined;
  const status: ContactStatus = deliveredLater ? { kind: 'sent', message: deliveredLater, afterQueue: true } : ownStatus;

  // A paste longer than the room left is cut by the field's maxLength: say so, never silently.
  const [pasteCut, setPasteCut] = useState<number | null>(null);
  const paste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const target = event.currentTarget;
    const pasted = event.clipboardData.getData('text');
    setPasteCut(pasteCutLength(pasted, target.value.length, target.selectionEnd - target.selectionStart, SUPPORT_LIMITS.message));
  };

  const recheck = (field: FieldName, next: Values) => {
    if (!validator) return;
    const result = validator(next);
    setErrors((current) => ({ ...current, [field]: result.ok ? undefined : result.fields[field] }));
  };
  const change = (field: FieldName, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (touched[field] || errors[field]) recheck(field, next);
  };
  const blur = (field: FieldName) => {
    setTouched((current) => ({ ...current, [field]: true }));
    recheck(field, values);
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
      setTouched(Object.fromEntries(FIELD_ORDER.map((field) => [field, true])));
      const first = firstInvalidField(result.fields);
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

  // Each field's element, kept so a refused send can focus the first field in error.
  const refFor = (field: FieldName) => (element: HTMLInputElement | HTMLTextAreaElement | null) => {
    fieldRefs.current[field] = element;
  };

  return { values, errors, status, problem, waiting: outbox.pending.length, pasteCut, refFor, paste, change, blur, submit, reset };
}
