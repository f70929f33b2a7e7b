/**
 * The site's own words that staff edit in the console (Site texts): the landing page's hero,
 * the About Us story, the company's details (footer, Contact Us, JSON-LD) and each public page's
 * title, description and picture for search engines and link previews. Published through the
 * publishing mechanism like any versioned collection; the defaults are the words the site had.
 * Plain data and small rules only: the site's pages import this, so its schema (zod) lives in
 * `site-texts-schema.ts`, for the server and the console.
 */
export const SITE_TEXT_LIMITS = {
  line: 120,
  lead: 400,
  story: 4000,
  milestones: 2000,
  title: 70,
  description: 160,
  image: 500,
  field: 80,
} as const;

/** The public pages whose search and link-preview texts can be set. */
export const SEO_PAGES = ['landing', 'about', 'team', 'support', 'news'] as const;
export type SeoPage = (typeof SEO_PAGES)[number];

type SeoFieldNames = `${SeoPage}${'Title' | 'Description' | 'Image'}`;

/** The site texts as published (every field a string; `site-texts-schema.ts` checks them). */
export type SiteTexts = {
  headline: string;
  intro: string;
  callToAction: string;
  /** Paragraphs separated by an empty line. */
  aboutStory: string;
  /** One milestone a line, "2011: what happened" (`milestonesOf`); empty: no timeline. */
  aboutMilestones: string;
  companyName: string;
  streetAddress: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
  telephone: string;
  email: string;
  openingHours: string;
} & Record<SeoFieldNames, string>;

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
  aboutMilestones: [
    '2011: Maya Chen starts Northwind in her garage with three clients and a second-hand van.',
    '2013: Our first office on Harbour Street, and Omar joins to build our network practice.',
    '2016: A dedicated security team: quarterly restore tests become part of every plan.',
    '2020: Sixty businesses moved to the cloud in one year, every one before Monday morning.',
  ].join('\n'),
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

/** A milestone line: its year (anything up to the first colon, at most 20 characters), then what happened. */
const MILESTONE_LINE = /^([^:]{1,20}):\s*(\S.*)$/;

export interface Milestone {
  year: string;
  text: string;
}

const milestoneLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The About Us timeline: one milestone a non-empty line, "2011: what happened". */
export function milestonesOf(text: string): Milestone[] {
  return milestoneLines(text).flatMap((line) => {
    const match = MILESTONE_LINE.exec(line);
    return match ? [{ year: match[1]!.trim(), text: match[2]!.trim() }] : [];
  });
}

/** The number (from 1, empty lines not counted) of the first line that is no milestone, or null. */
export function badMilestoneLine(text: string): number | null {
  const index = milestoneLines(text).findIndex((line) => !MILESTONE_LINE.test(line));
  return index < 0 ? null : index + 1;
}

/** `tel:` wants the number without spaces. */
export const telHref = (telephone: string) => `tel:${telephone.replace(/[\s()-]/g, '')}`;
