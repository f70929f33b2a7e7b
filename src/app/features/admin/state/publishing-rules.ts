import { diffWords } from 'diff';
import { plainText, type RichTextDoc } from '../../../../common/rich-text';

/** One run of a field's words: kept, added or removed. */
export interface ChangePart {
  text: string;
  change: 'same' | 'added' | 'removed';
}

export interface FieldChange {
  field: string;
  parts: ChangePart[];
}

const isRichText = (value: unknown): value is RichTextDoc =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'doc';

/** A field as words to compare: lists joined, a rich-text body by its text (an article's). */
const textOf = (value: unknown): string =>
  Array.isArray(value)
    ? value.join(', ')
    : isRichText(value)
      ? plainText(value)
      : value === undefined || value === null
        ? ''
        : String(value);

/** What changed from one revision to the next, field by field and word by word (unchanged fields left out). */
export function revisionChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  fields: readonly string[],
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const was = textOf(before?.[field]);
    const now = textOf(after[field]);
    if (was === now) continue;
    const parts = diffWords(was, now).map((part): ChangePart => ({
      text: part.value,
      change: part.added ? 'added' : part.removed ? 'removed' : 'same',
    }));
    changes.push({ field, parts });
  }
  return changes;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a `datetime-local` field shows it: the staff member's own time zone. */
export function localInputValue(instant: Date): string {
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}T${pad(instant.getHours())}:${pad(instant.getMinutes())}`;
}

/** A `datetime-local` value (the staff member's time zone) as an ISO instant in UTC; null when it is no date. */
export function instantOfLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** How a revision came to be, in the console's words. */
export const REVISION_ACTIONS: Readonly<Record<string, string>> = {
  initial: 'As it was before drafts',
  publish: 'Published',
  restore: 'Restored from an earlier revision',
  schedule: 'Published at its scheduled time',
  delete: 'Deleted',
};

/** A schedule whose time came and whose draft could not be published: why, from the server. */
export interface ScheduleFailure {
  at: string;
  reason: string;
}

/**
 * A schedule in the list's and the edit page's words: when, or that it could not be published
 * and why (the schedule stays, not tried again, until it is set again or cancelled).
 */
export function scheduleWords(
  dueAt: string,
  failure: ScheduleFailure | null,
  when = (iso: string) => new Date(iso).toLocaleString(),
): string {
  if (failure) return `could not be published at ${when(dueAt)}: ${failure.reason}`;
  return `scheduled for ${when(dueAt)}`;
}

/** The drafts of items that are not published (new ones, their draft alone): no published item has their id. */
export function draftOnlyMarkers<T extends { itemId: string }>(markers: readonly T[], items: readonly { id: string }[]): T[] {
  const published = new Set(items.map((item) => item.id));
  return markers.filter((marker) => !published.has(marker.itemId));
}
