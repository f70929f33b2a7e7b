import { z } from 'zod';
import { isContentIconName } from './content-icons';
import { storableText } from './text-rules';

/**
 * What staff may write into the company content (console forms and /api/admin routes share
 * these rules and messages). Text is storable (text-rules.ts) and trimmed; every length is bounded.
 */
const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .check(storableText(label))
    .trim()
    .min(min, min === 1 ? `${label} is required.` : `${label} needs at least ${min} characters.`)
    .max(max, `${label} can be at most ${max} characters.`);

/** The site draws a fixed set of icons (content-icons.ts): any other name would show as a cross. */
export const ICON_CHOICE_MESSAGE = 'Choose one of the icons the site can draw.';

const icon = z
  .string({ error: 'Icon is required.' })
  .check(storableText('Icon'))
  .trim()
  .min(1, 'Icon is required.')
  .max(40, 'Icon can be at most 40 characters.')
  .refine(isContentIconName, ICON_CHOICE_MESSAGE);

export const serviceInput = z.object({
  title: text('Title', 1, 80),
  summary: text('Summary', 1, 200),
  description: text('Description', 1, 2000),
  icon,
});

export const coreValueInput = z.object({
  title: text('Title', 1, 80),
  description: text('Description', 1, 1000),
  icon,
});

export const clientReviewInput = z.object({
  author: text('Author', 1, 80),
  role: text('Role', 1, 80),
  company: text('Company', 1, 120),
  quote: text('Quote', 1, 1000),
  rating: z
    .number({ error: 'Rating is a number from 1 to 5.' })
    .int('Rating is a whole number from 1 to 5.')
    .min(1, 'Rating is at least 1.')
    .max(5, 'Rating is at most 5.'),
});

export const teamMemberInput = z.object({
  name: text('Name', 1, 80),
  role: text('Role', 1, 80),
  bio: text('Bio', 1, 2000),
  email: z
    .string({ error: 'Email is required.' })
    .check(storableText('Email'))
    .trim()
    .max(254, 'Email can be at most 254 characters.')
    .email('Email does not look right.'),
  skills: z.array(text('A skill', 1, 40), { error: 'Skills are a list.' }).max(12, 'At most 12 skills.'),
  joinedYear: z
    .number({ error: 'Joined year is a year, like 2019.' })
    .int('Joined year is a year, like 2019.')
    .min(1950, 'Joined year is 1950 or later.')
    .max(2100, 'Joined year is 2100 or earlier.'),
});

export const CONTENT_KINDS = ['services', 'core-values', 'client-reviews', 'team-members'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const CONTENT_INPUTS = {
  services: serviceInput,
  'core-values': coreValueInput,
  'client-reviews': clientReviewInput,
  'team-members': teamMemberInput,
} as const;

export type ContentInput<K extends ContentKind> = z.infer<(typeof CONTENT_INPUTS)[K]>;

/** Every saved item carries its id, place and version; a save names the version it started from. */
export const itemMeta = z.object({ id: z.string(), position: z.number().int(), version: z.number().int() });
export const versionField = z.object({ version: z.number({ error: 'version is required.' }).int().min(1) });
export const reorderInput = z.object({ ids: z.array(z.string().min(1).max(120).check(storableText())).min(1).max(500) });

/** The sentence of a refused save (409): someone saved the item after this editor opened it. */
export const CONFLICT_MESSAGE =
  'This item was changed by someone else since you opened it. Their version is shown; apply your changes to it again.';
