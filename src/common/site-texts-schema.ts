import { z } from 'zod';
import { badMilestoneLine, SITE_TEXT_LIMITS, type SeoPage } from './site-texts';
import { storableText } from './text-rules';

/** What a site-texts draft may hold, with the console's field messages (server and console only). */
const text = (label: string, max: number, required = true) => {
  const base = z
    .string({ error: `${label} is required.` })
    .max(max, `${label} can be at most ${max} characters.`)
    .check(storableText(label))
    .trim();
  return required ? base.min(1, `${label} is required.`) : base;
};

const IMAGE_MESSAGE = 'Picture must be an address starting with https:// or with / (a file of this site).';
const image = (label: string) =>
  z
    .string({ error: IMAGE_MESSAGE })
    .max(SITE_TEXT_LIMITS.image, `${label} can be at most ${SITE_TEXT_LIMITS.image} characters.`)
    .trim()
    .refine((value) => value === '' || /^(https:\/\/[^\s"<>]+|\/[^\s"<>/][^\s"<>]*)$/.test(value), IMAGE_MESSAGE);

const seoFields = (page: SeoPage, name: string) => ({
  [`${page}Title`]: text(`${name} title`, SITE_TEXT_LIMITS.title, false),
  [`${page}Description`]: text(`${name} description`, SITE_TEXT_LIMITS.description, false),
  [`${page}Image`]: image(`${name} picture`),
});

export const siteTextsInput = z.object({
  headline: text('Headline', SITE_TEXT_LIMITS.line),
  intro: text('Introduction', SITE_TEXT_LIMITS.lead),
  callToAction: text('Call to action', SITE_TEXT_LIMITS.field),
  /** Paragraphs separated by an empty line. */
  aboutStory: text('About Us story', SITE_TEXT_LIMITS.story),
  aboutMilestones: text('Milestones', SITE_TEXT_LIMITS.milestones, false).superRefine((value, context) => {
    const line = badMilestoneLine(value);
    if (line !== null)
      context.addIssue({
        code: 'custom',
        message: `Milestone ${line} needs its year, a colon, then what happened, like “2011: We open our first office.”`,
      });
  }),
  companyName: text('Company name', SITE_TEXT_LIMITS.field),
  streetAddress: text('Street address', SITE_TEXT_LIMITS.field),
  locality: text('Town', SITE_TEXT_LIMITS.field),
  region: text('Region', SITE_TEXT_LIMITS.field, false),
  postalCode: text('Postal code', 20, false),
  country: z
    .string({ error: 'Country is a two-letter code, like US.' })
    .max(2)
    .regex(/^[A-Z]{2}$/, 'Country is a two-letter code, like US.'),
  telephone: text('Telephone', 40).regex(/^\+?[0-9 ()-]{3,40}$/, 'Telephone can hold digits, spaces, brackets, hyphens and a leading +.'),
  email: text('Email', 120).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Email must look like name@example.com.'),
  openingHours: text('Opening hours', SITE_TEXT_LIMITS.line),
  ...seoFields('landing', 'Home page'),
  ...seoFields('about', 'About Us'),
  ...seoFields('team', 'Our Team'),
  ...seoFields('support', 'Contact Us'),
  ...seoFields('news', 'News'),
});
