const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** A date the identity service gives in milliseconds as text, or a dash when there is none. */
export function formatMillis(value: string | undefined, format: Intl.DateTimeFormat = DATE_FORMAT): string {
  if (!value) return '—';
  const date = new Date(Number(value));
  return Number.isNaN(date.getTime()) ? '—' : format.format(date);
}
