import type { ContentImage } from './content-images';
import type { NewsArticleView, NewsListPage, NewsSummary } from './news-data';
import type { SiteTexts } from './site-texts';

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

/** A page and what it shows; `texts`: the published site texts (the defaults when absent). */
export type SitePageData = SitePageBody & { texts?: SiteTexts };

type SitePageBody =
  | { page: 'landing'; services: ServiceItem[]; coreValues: CoreValueItem[]; clientReviews: ClientReviewItem[]; news: NewsSummary[] }
  | { page: 'about'; coreValues: CoreValueItem[]; teamCount: number }
  | { page: 'team'; members: TeamMemberItem[] }
  | { page: 'member'; member: TeamMemberItem | null; requestedId: string }
  | { page: 'support'; subject: string; form: SupportFormState }
  | { page: 'news'; list: NewsListPage }
  | { page: 'article'; article: NewsArticleView | null; requestedSlug: string };

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
  /** Open Graph type: 'profile' for a member's page, 'article' for a news article. */
  ogType?: 'website' | 'profile' | 'article';
  /** The link-preview picture (absolute URL) and its description; the site's own picture when absent. */
  ogImage?: { url: string; alt: string };
  /** A news article's dates (ISO 8601) for article:published_time and article:modified_time. */
  articleTimes?: { published: string; modified: string };
  /** Extra robots directive, e.g. 'noindex' for a missing member. */
  robots?: string;
  /** The company's name as the site texts have it (og:site_name); the built-in name when absent. */
  siteName?: string;
}

export const SITE_DATA_ELEMENT_ID = 'site-data';
export const SITE_ROOT_ELEMENT_ID = 'root';
