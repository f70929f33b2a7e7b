import { z } from 'zod';
import { storableText } from './text-rules';

/**
 * The site's own words that staff edit in the console (Site texts): the landing page's hero,
 * the About Us story, the company's details (footer, Contact Us, JSON-LD) and each public page's
 * title, description and picture for search engines and link previews. Published through the
 * publishing mechanism like any versioned collection; the defaults are the words the site had.
 */
export const SITE_TEXT_LIMITS = { line: 120, lead: 400, story: 4000, title: 70, description: 160, image: 500, field: 80 } as const;

/** The public pages whose search and link-preview texts can be set. */
export const SEO_PAGES = ['landing', 'about', 'team', 'support', 'news'] as const;
export type SeoPage = (typeof SEO_PAGES)[number];

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

type SeoFieldNames = `${SeoPage}${'Title' | 'Description' | 'Image'}`;
export type SiteTexts = Omit<z.infer<typeof siteTextsInput>, SeoFieldNames> & Record<SeoFieldNames, string>;

/** The words the site had before they could be edited: nothing changes until someone publishes. */
export const DEFAULT_SITE_TEXTS: SiteTexts = {
  headline: 'IT support that just works',
  intro:
    'Computers that just work, for people who have better things to do. Northwind looks after your computers, cloud, network and security, so your team can get on with its real work.',
  callToAction: 'Get a free consultation',
  aboutStory: [
    'Northwind began in 2011, when our founder Maya Chen left a hospital systems job to help the small businesses on her street. They did not need more technology; they needed someone who would answer the phone, explain things plainly and fix problems for good.',
    'That is still the job. Today we look after the laptops, networks, cloud accounts and backups of dental practices, law firms, schools, architects and roasters across the region. Every client has a named engineer who knows their setup, a fixed monthly price, and a plan for the bad day that we rehearse before it comes.',
    'We measure ourselves by how rarely our clients have to think about IT at all. When they do, we want the answer to be quick, honest and human.',
  ].join('\n\n'),
  companyName: 'Northwind Computer Services',
  streetAddress: '42 Harbour Street',
  locality: 'Portland',
  region: 'OR',
  postalCode: '97204',
  country: 'US',
  telephone: '+1 555 0100',
  email: 'hello@northwind.example',
  openingHours: 'Mon–Fri, 7am–7pm',
  landingTitle: '',
  landingDescription: '',
  landingImage: '',
  aboutTitle: '',
  aboutDescription: '',
  aboutImage: '',
  teamTitle: '',
  teamDescription: '',
  teamImage: '',
  supportTitle: '',
  supportDescription: '',
  supportImage: '',
  newsTitle: '',
  newsDescription: '',
  newsImage: '',
};

/** "42 Harbour Street, Portland, OR 97204": the address on one line. */
export function addressLine(texts: SiteTexts): string {
  const tail = [texts.region, texts.postalCode].filter((part) => part !== '').join(' ');
  return [texts.streetAddress, texts.locality, tail].filter((part) => part !== '').join(', ');
}

/** The story's paragraphs (separated by empty lines). */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** `tel:` wants the number without spaces. */
export const telHref = (telephone: string) => `tel:${telephone.replace(/[\s()-]/g, '')}`;
