/** How the console shows an audit entry's item before and after: only what changed, in words. */
export interface ChangedField {
  field: string;
  before: string;
  after: string;
}

const MAX_SHOWN = 300;

/** A value as short readable text: strings as they are, lists joined, the rest as JSON. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'boolean') text = value ? 'yes' : 'no';
  else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) text = value.length ? value.join(', ') : '(none)';
  else text = JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

const fieldsOf = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * The fields that differ between before and after (every field when one side is missing: a
 * creation or a deletion). Values that are not objects show as one field, "value".
 */
export function changedFields(before: unknown, after: unknown): ChangedField[] {
  const a = fieldsOf(before);
  const b = fieldsOf(after);
  if (!a && !b) {
    if (before == null && after == null) return [];
    return [{ field: 'value', before: showValue(before), after: showValue(after) }];
  }
  const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
  return keys
    .filter((key) => !a || !b || JSON.stringify(a[key]) !== JSON.stringify(b[key]))
    .map((key) => ({ field: key, before: a ? showValue(a[key]) : '—', after: b ? showValue(b[key]) : '—' }));
}

/** "2026-11-23T03:00:00.000Z" as the reader's local date and time; unknown text as it is. */
export function showTime(iso: string | null): string {
  if (!iso) return 'never';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Date(time).toLocaleString();
}
