import { SEO_PAGES, SITE_TEXT_LIMITS } from '../../../../common/site-texts';
import { siteTextsInput } from '../../../../common/site-texts-schema';
import type { FieldSpec, FormValues } from './content-rules';

const PAGE_NAMES: Record<(typeof SEO_PAGES)[number], string> = {
  landing: 'Home page',
  about: 'About Us',
  team: 'Our Team',
  support: 'Contact Us',
  news: 'News',
};

/** The form's groups of fields, in the order of the page they change. */
export const SITE_TEXT_GROUPS: { title: string; fields: FieldSpec[] }[] = [
  {
    title: 'Home page',
    fields: [
      { name: 'headline', label: 'Headline', kind: 'text', maxLength: SITE_TEXT_LIMITS.line },
      { name: 'intro', label: 'Introduction', kind: 'textarea', maxLength: SITE_TEXT_LIMITS.lead },
      { name: 'callToAction', label: 'Call to action', kind: 'text', maxLength: SITE_TEXT_LIMITS.field },
    ],
  },
  {
    title: 'About Us',
    fields: [
      {
        name: 'aboutStory',
        label: 'About Us story',
        kind: 'textarea',
        maxLength: SITE_TEXT_LIMITS.story,
        helper: 'An empty line starts a new paragraph.',
      },
      {
        name: 'aboutMilestones',
        label: 'Milestones',
        kind: 'textarea',
        maxLength: SITE_TEXT_LIMITS.milestones,
        helper: 'One a line: the year, a colon, then what happened. Empty: no timeline.',
      },
    ],
  },
  {
    title: 'The company',
    fields: [
      { name: 'companyName', label: 'Company name', kind: 'text', maxLength: SITE_TEXT_LIMITS.field },
      { name: 'streetAddress', label: 'Street address', kind: 'text', maxLength: SITE_TEXT_LIMITS.field },
      { name: 'locality', label: 'Town', kind: 'text', maxLength: SITE_TEXT_LIMITS.field },
      { name: 'region', label: 'Region', kind: 'text', maxLength: SITE_TEXT_LIMITS.field },
      { name: 'postalCode', label: 'Postal code', kind: 'text', maxLength: 20 },
      { name: 'country', label: 'Country', kind: 'text', maxLength: 2, helper: 'Two letters, like US.' },
      { name: 'telephone', label: 'Telephone', kind: 'text', maxLength: 40 },
      { name: 'email', label: 'Email', kind: 'email', maxLength: 120 },
      { name: 'openingHours', label: 'Opening hours', kind: 'text', maxLength: SITE_TEXT_LIMITS.line },
    ],
  },
  ...SEO_PAGES.map((page) => ({
    title: `${PAGE_NAMES[page]}: search engines and link previews`,
    fields: [
      {
        name: `${page}Title`,
        label: `${PAGE_NAMES[page]} title`,
        kind: 'text' as const,
        maxLength: SITE_TEXT_LIMITS.title,
        helper: 'Empty: the page’s own.',
      },
      {
        name: `${page}Description`,
        label: `${PAGE_NAMES[page]} description`,
        kind: 'textarea' as const,
        maxLength: SITE_TEXT_LIMITS.description,
        helper: 'Empty: the page’s own.',
      },
      {
        name: `${page}Image`,
        label: `${PAGE_NAMES[page]} picture`,
        kind: 'text' as const,
        maxLength: SITE_TEXT_LIMITS.image,
        helper: 'An address (https://… or /…). Empty: the site’s picture.',
      },
    ],
  })),
];

export const SITE_TEXT_FIELDS: FieldSpec[] = SITE_TEXT_GROUPS.flatMap((group) => group.fields);

/** The texts as the form holds them: every field as text. */
export function siteTextValues(fields: Record<string, unknown> | null): FormValues {
  return Object.fromEntries(
    SITE_TEXT_FIELDS.map((field) => [field.name, typeof fields?.[field.name] === 'string' ? (fields[field.name] as string) : '']),
  );
}

/** The shared schema's message for each field it refuses (the server checks the same). */
export function siteTextErrors(values: FormValues): Record<string, string> {
  const parsed = siteTextsInput.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !errors[name]) errors[name] = issue.message;
  }
  return errors;
}
