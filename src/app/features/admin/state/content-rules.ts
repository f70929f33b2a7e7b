import { CONTENT_INPUTS, CONTENT_KINDS, type ContentKind } from '../../../../common/content-schemas';

/** The form of one item: every field as the text in its input. */
export type FormValues = Record<string, string>;

export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'list' | 'email' | 'icon';
  maxLength: number;
  helper?: string;
}

export interface KindSpec {
  title: string;
  singular: string;
  /** The field that names an item in the list. */
  nameField: string;
  /** The field shown under the name in the list. */
  noteField: string;
  fields: FieldSpec[];
  /** Where the site shows this kind, to check an edit. */
  sitePath: string;
}

// Chosen from the icons the site can draw (content-icons.ts), never typed.
const iconField: FieldSpec = { name: 'icon', label: 'Icon', kind: 'icon', maxLength: 40 };

export const KIND_SPECS: Record<ContentKind, KindSpec> = {
  services: {
    title: 'Services',
    singular: 'service',
    nameField: 'title',
    noteField: 'summary',
    sitePath: '/#services',
    fields: [
      { name: 'title', label: 'Title', kind: 'text', maxLength: 80 },
      { name: 'summary', label: 'Summary', kind: 'text', maxLength: 200 },
      { name: 'description', label: 'Description', kind: 'textarea', maxLength: 2000 },
      iconField,
    ],
  },
  'core-values': {
    title: 'Core values',
    singular: 'core value',
    nameField: 'title',
    noteField: 'description',
    sitePath: '/about',
    fields: [
      { name: 'title', label: 'Title', kind: 'text', maxLength: 80 },
      { name: 'description', label: 'Description', kind: 'textarea', maxLength: 1000 },
      iconField,
    ],
  },
  'client-reviews': {
    title: 'Client reviews',
    singular: 'client review',
    nameField: 'company',
    noteField: 'author',
    sitePath: '/',
    fields: [
      { name: 'author', label: 'Author', kind: 'text', maxLength: 80 },
      { name: 'role', label: 'Role', kind: 'text', maxLength: 80 },
      { name: 'company', label: 'Company', kind: 'text', maxLength: 120 },
      { name: 'quote', label: 'Quote', kind: 'textarea', maxLength: 1000 },
      { name: 'rating', label: 'Rating', kind: 'number', maxLength: 1, helper: 'A whole number from 1 to 5.' },
    ],
  },
  'team-members': {
    title: 'Team members',
    singular: 'team member',
    nameField: 'name',
    noteField: 'role',
    sitePath: '/team',
    fields: [
      { name: 'name', label: 'Name', kind: 'text', maxLength: 80 },
      { name: 'role', label: 'Role', kind: 'text', maxLength: 80 },
      { name: 'bio', label: 'Bio', kind: 'textarea', maxLength: 2000 },
      { name: 'email', label: 'Email', kind: 'email', maxLength: 254 },
      { name: 'skills', label: 'Skills', kind: 'list', maxLength: 600, helper: 'Separate skills with commas; at most 12.' },
      { name: 'joinedYear', label: 'Joined year', kind: 'number', maxLength: 4 },
    ],
  },
};

export const isContentKind = (value: string | undefined): value is ContentKind =>
  (CONTENT_KINDS as readonly string[]).includes(value ?? '');

/** The form's text of a saved item (or an empty form for a new one). */
export function formValuesOf(kind: ContentKind, item: Record<string, unknown> | null): FormValues {
  const values: FormValues = {};
  for (const field of KIND_SPECS[kind].fields) {
    const value = item?.[field.name];
    values[field.name] = Array.isArray(value) ? value.join(', ') : value === undefined || value === null ? '' : String(value);
  }
  return values;
}

/** The form's text turned into what the API takes: numbers as numbers, lists as lists. */
export function inputOf(kind: ContentKind, values: FormValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of KIND_SPECS[kind].fields) {
    const text = values[field.name] ?? '';
    if (field.kind === 'number') input[field.name] = text.trim() === '' ? undefined : Number(text.trim());
    else if (field.kind === 'list')
      input[field.name] = text
        .slice(0, field.maxLength)
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    else input[field.name] = text;
  }
  return input;
}

/** The shared schema's messages by field (the server answers with the same ones). */
export function fieldErrors(kind: ContentKind, values: FormValues): Record<string, string> {
  const result = CONTENT_INPUTS[kind].safeParse(inputOf(kind, values));
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    errors[name] ??= issue.message;
  }
  return errors;
}

/** What a limited text field says under it: how much is left (never below zero). */
export function charactersLeft(value: string, maxLength: number): string {
  const left = Math.max(0, maxLength - value.length);
  return left === 1 ? '1 character left' : `${left} characters left`;
}

/**
 * What the polite live region says while someone types: only when the count crosses a mark
 * (20 left, 10 left, none left), not at every key, so a screen reader is not talked over.
 */
export function leftAnnouncement(before: string, after: string, maxLength: number): string | null {
  const left = (text: string) => maxLength - text.length;
  for (const mark of [0, 10, 20]) if (left(before) > mark && left(after) <= mark) return charactersLeft(after, maxLength);
  return null;
}

/** The ids with the one at `index` moved `delta` places (unchanged at either end). */
export function moveId(ids: readonly string[], index: number, delta: -1 | 1): string[] {
  const target = index + delta;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
