import type { ContentImage } from './content-images';

/**
 * A published news article as the site shows it (no zod here: the site's pages import it).
 * The body arrives as HTML the server made from the allow-listed document.
 */
export interface NewsSummary {
  slug: string;
  title: string;
  summary: string;
  /** ISO 8601 UTC. */
  publishedAt: string;
  cover: ContentImage | null;
  coverAlt: string;
  /** The team member who wrote it; null when they have left the team page. */
  author: { id: string; name: string; role: string } | null;
}

export interface NewsArticleView extends NewsSummary {
  updatedAt: string;
  bodyHtml: string;
}

export interface NewsListPage {
  articles: NewsSummary[];
  page: number;
  pageCount: number;
}

/** "26 November 2026", the same on the server and in every browser (fixed locale and zone). */
export function formatNewsDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The address of an article on the site. */
export const newsPath = (slug: string) => `/news/${encodeURIComponent(slug)}`;
