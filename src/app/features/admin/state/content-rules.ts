import { z } from 'zod';
import { charactersLeft } from '../../../../common/characters-left';
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

/** A field as the console lists it; its length comes from the shared schema. */
type FieldDraft = Omit<FieldSpec, 'maxLength'> & { maxLength?: number };

/**
 * The most characters a field's input takes, read from the shared schema: a text's maximum
 * length, or the digits of a number's largest value. Null when the schema sets no bound.
 */
export function schemaMaxLength(rule: z.ZodType | undefined): number | null {
  if (rule instanceof z.ZodString) return rule.maxLength;
  if (rule instanceof z.ZodNumber && rule.maxValue !== null && Number.isFinite(rule.maxValue)) return String(rule.maxValue).length;
  return null;
}

const field = (name: string, label: string, kind: FieldSpec['kind'], extra: Pick<FieldDraft, 'helper' | 'maxLength'> = {}): FieldDraft => ({
  name,
  label,
  kind,
  ...extra,
});

function fieldsOf(kind: ContentKind, drafts: FieldDraft[]): FieldSpec[] {
  const shape: Record<string, z.ZodType> = CONTENT_INPUTS[kind].shape;
  return drafts.map((draft) => {
    const maxLength = draft.maxLength ?? schemaMaxLength(shape[draft.name]);
    if (maxLength === null) throw new Error(`The schema of ${kind} sets no length for ${draft.name}.`);
    return { ...draft, maxLength };
  });
}

// Chosen from the icons the site can draw (content-icons.ts), never typed.
const iconField = field('icon', 'Icon', 'icon');

export const KIND_SPECS: Record<ContentKind, KindSpec> = {
  services: {
    title: 'Services',
    singular: 'service',
    nameField: 'title',
    noteField: 'summary',
    sitePath: '/#services',
    fields: fieldsOf('services', [
      field('title', 'Title', 'text'),
      field('summary', 'Summary', 'text'),
      field('description', 'Description', 'textarea'),
      iconField,
    ]),
  },
  'core-values': {
    title: 'Core values',
    singular: 'core value',
    nameField: 'title',
    noteField: 'description',
    sitePath: '/about',
    fields: fieldsOf('core-values', [field('title', 'Title', 'text'), field('description', 'Description', 'textarea'), iconField]),
  },
  'client-reviews': {
    title: 'Client reviews',
    singular: 'client review',
    nameField: 'company',
    noteField: 'author',
    sitePath: '/',
    fields: fieldsOf('client-reviews', [
      field('author', 'Author', 'text'),
      field('role', 'Role', 'text'),
      field('company', 'Company', 'text'),
      field('quote', 'Quote', 'textarea'),
      field('rating', 'Rating', 'number', { helper: 'A whole number from 1 to 5.' }),
    ]),
  },
  'team-members': {
    title: 'Team members',
    singular: 'team member',
    nameField: 'name',
    noteField: 'role',
    sitePath: '/team',
    fields: fieldsOf('team-members', [
      field('name', 'Name', 'text'),
      field('role', 'Role', 'text'),
      field('bio', 'Bio', 'textarea'),
      field('email', 'Email', 'email'),
      // The list is typed as one text: room for 12 skills and the commas and spaces between them.
      field('skills', 'Skills', 'list', { maxLength: 600, helper: 'Separate skills with commas; at most 12.' }),
      field('joinedYear', 'Joined year', 'number'),
    ]),
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
