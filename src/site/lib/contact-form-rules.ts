import type { SupportFieldErrors } from '../../common/support-message';

export type FieldName = 'name' | 'email' | 'subject' | 'message';
export type Values = Record<FieldName, string>;

export const FIELD_ORDER: FieldName[] = ['name', 'email', 'subject', 'message'];

/** The errors of a form the server sent back (no JavaScript): each named field asks for a look. */
export const initialErrors = (invalidFields: readonly string[]): SupportFieldErrors =>
  Object.fromEntries(invalidFields.map((field) => [field, `Please check your ${field}.`]));

/** The first field, in the form's order, that has an error (where focus goes). */
export const firstInvalidField = (errors: SupportFieldErrors): FieldName | undefined => FIELD_ORDER.find((field) => errors[field]);

/**
 * How long a paste was when it will not fit, or null when it fits: the field's maxLength cuts it,
 * and the form says so instead of dropping text silently. Line breaks count as the field keeps them.
 */
export function pasteCutLength(pasted: string, fieldLength: number, selectedLength: number, limit: number): number | null {
  const text = pasted.replace(/\r\n/g, '\n');
  const room = limit - (fieldLength - selectedLength);
  return text.length > room ? text.length : null;
}

/** What a field's aria-describedby names: its error, else the message's hint; and a cut paste's note. */
export function describedBy(field: FieldName, hasError: boolean, pasteCut: boolean): string | undefined {
  return (
    [
      hasError ? `contact-${field}-error` : null,
      field === 'message' && !hasError ? 'contact-message-hint' : null,
      field === 'message' && pasteCut ? 'contact-message-cut' : null,
    ]
      .filter(Boolean)
      .join(' ') || undefined
  );
}
