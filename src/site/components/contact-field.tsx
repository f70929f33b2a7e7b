import type { ReactNode } from 'react';
import type { FieldName } from '../lib/contact-form-rules';

const LABELS: Record<FieldName, string> = { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' };

/** One field of the Contact Us form: its label, the input, and a hint or its error under it. */
export function ContactField({
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
