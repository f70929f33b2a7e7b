import { z } from 'zod';
import { richTextSchema } from './rich-text';
import { storableText } from './text-rules';

/**
 * What staff may write into a news article (the console's form and the /api/admin routes share
 * these rules and messages). The body is the allow-listed rich-text document (rich-text.ts).
 */
export const NEWS_LIMITS = { title: 150, slug: 80, summary: 300, alt: 250, authorId: 120 } as const;

/** Lower-case words joined by hyphens: "saturday-repairs". */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = 'Address can hold lower-case letters, digits and single hyphens, like "saturday-repairs".';
export const COVER_ALT_MESSAGE = 'Describe the cover picture (alternative text) for people who cannot see it.';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .check(storableText(label))
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} can be at most ${max} characters.`);

export const PUBLISHED_AT_MESSAGE = 'Publish date must be a date and time such as 2026-01-31T09:00:00Z.';
const ISO_DATE_TIME = z.iso.datetime({ offset: true });

/**
 * A date and time in ISO 8601 with seconds and an offset (`2026-01-31T09:00:00.000Z`,
 * `...+02:00`), a real day included; nothing else. Not `Date.parse`, which takes
 * `2026-01-01 (<svg…>)` (the parenthesis is a comment to it). The length is bounded first.
 */
export function isIsoDateTime(value: string): boolean {
  return value.length <= 40 && ISO_DATE_TIME.safeParse(value).success;
}

/**
 * A draft may be unfinished in one way only: a cover picture without its description is refused
 * when it is published (news collection), so a closed tab mid-sentence still keeps the draft.
 */
export const newsArticleInput = z.object({
  title: text('Title', NEWS_LIMITS.title),
  /** Empty: made from the title. */
  slug: z
    .string({ error: SLUG_MESSAGE })
    .max(NEWS_LIMITS.slug, `Address can be at most ${NEWS_LIMITS.slug} characters.`)
    .trim()
    .refine((value) => value === '' || SLUG_PATTERN.test(value), SLUG_MESSAGE),
  summary: text('Summary', NEWS_LIMITS.summary),
  coverImageId: z
    .string()
    .regex(/^[0-9a-f]{32,64}$/, 'Choose a cover picture uploaded here.')
    .nullable(),
  coverAlt: z
    .string({ error: COVER_ALT_MESSAGE })
    .check(storableText('The cover description'))
    .trim()
    .max(NEWS_LIMITS.alt, `The cover description can be at most ${NEWS_LIMITS.alt} characters.`),
  authorId: text('Author', NEWS_LIMITS.authorId),
  body: richTextSchema,
  /** ISO 8601 with its offset; empty: the moment it is first published. */
  publishedAt: z.string().refine((value) => value === '' || isIsoDateTime(value), PUBLISHED_AT_MESSAGE),
});

export type NewsArticleFields = z.infer<typeof newsArticleInput>;

/** Articles per page of /news. */
export const NEWS_PAGE_SIZE = 10;

/** An article's address made from its title: "We now repair laptops!" -> "we-now-repair-laptops". */
export function slugFromTitle(title: string): string {
  const slug = title
    .slice(0, 400)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'article';
}
