import type { ContentImage } from './content-images';

/**
 * What the server hands the site's React tree: the page to show and its content. The same
 * object is embedded in the HTML so hydration renders exactly what the server did.
 */
export interface ServiceItem {
  id: string;
  title: string;
  summary: string;
  description: string;
  icon: string;
  /** Its picture in several widths, or null (then the icon shows). */
  image: ContentImage | null;
}

export interface CoreValueItem {
  id: string;
  title: string;
  description: string;
  icon: string;
}

export interface ClientReviewItem {
  id: string;
  author: string;
  role: string;
  company: string;
  quote: string;
  rating: number;
}

export interface TeamMemberItem {
  id: string;
  name: string;
  role: string;
  bio: string;
  email: string;
  skills: string[];
  joinedYear: number;
  /** Their photo in several widths, or null (then the initials show). */
  image: ContentImage | null;
}

export type SitePageData =
  | { page: 'landing'; services: ServiceItem[]; coreValues: CoreValueItem[]; clientReviews: ClientReviewItem[] }
  | { page: 'about'; coreValues: CoreValueItem[]; teamCount: number }
  | { page: 'team'; members: TeamMemberItem[] }
  | { page: 'member'; member: TeamMemberItem | null; requestedId: string }
  | { page: 'support'; subject: string; form: SupportFormState };

/** What the Contact Us page starts with; `notice` comes back from the no-JavaScript form post. */
export interface SupportFormState {
  /** A fresh key for the first message, so even a form posted without JavaScript is stored once. */
  idempotencyKey: string;
  /** The signed time the form was shown: a form sent much sooner is a robot's (stored as spam). */
  formToken: string;
  notice: 'sent' | 'invalid' | 'rate_limited' | 'unavailable' | null;
  /** Fields the server rejected when the form was posted without JavaScript. */
  invalidFields: string[];
}

export type SitePageName = SitePageData['page'];

/** Head metadata per page: title, description, canonical path, Open Graph, structured data. */
export interface HeadData {
  title: string;
  description: string;
  canonicalPath: string;
  /** schema.org objects, emitted as application/ld+json. */
  jsonLd: object[];
  /** Open Graph type: 'profile' for a member's page. */
  ogType?: 'website' | 'profile';
  /** Extra robots directive, e.g. 'noindex' for a missing member. */
  robots?: string;
}

export const SITE_DATA_ELEMENT_ID = 'site-data';
export const SITE_ROOT_ELEMENT_ID = 'root';
