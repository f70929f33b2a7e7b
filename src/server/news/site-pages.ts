import type { FastifyInstance } from 'fastify';
import { variantFor } from '../../common/content-images';
import { type NewsArticleView, newsPath } from '../../common/news-data';
import { NEWS_PAGE_SIZE } from '../../common/news-schemas';
import type { HeadData, SitePageData } from '../../common/site-data';
import { cachedNews, NEWS_TOPICS } from './cached-news';

/** The company as the news pages show it: its schema.org object and its name, from the site texts. */
export interface NewsSite {
  organization: object;
  name: string;
}

/** A news page as the site renderer takes it (the same shape as src/server/platform/render/site-pages.ts). */
export interface NewsSitePage {
  status: number;
  data: SitePageData;
  head: Omit<HeadData, 'jsonLd'> & { jsonLd: object[] };
}

const ARTICLE_PATH = /^\/news\/([^/]+)$/;
const MAX_SLUG = 200;

/** The slug in an article's path, decoded; null for any other path. */
export function articleSlugOf(path: string): string | null {
  const match = ARTICLE_PATH.exec(path);
  if (!match || match[1]!.length > MAX_SLUG * 3) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The page number of `/news?page=N`: 1 for anything that is not a whole number from 1. */
export function pageNumberOf(value: string | undefined): number {
  if (!value || value.length > 6 || !/^[0-9]+$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

const absoluteImage = (publicUrl: string, article: NewsArticleView) => {
  const largest = article.cover ? variantFor(article.cover, Infinity) : undefined;
  return largest ? `${publicUrl}${largest.url}` : undefined;
};

/** schema.org NewsArticle, its author a Person on the team page, published by the Organization. */
export function newsArticleJsonLd(publicUrl: string, article: NewsArticleView): object {
  const image = absoluteImage(publicUrl, article);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.summary,
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    mainEntityOfPage: `${publicUrl}${newsPath(article.slug)}`,
    ...(image ? { image: [image] } : {}),
    ...(article.author
      ? { author: { '@type': 'Person', name: article.author.name, url: `${publicUrl}/team/${encodeURIComponent(article.author.id)}` } }
      : {}),
    publisher: { '@id': `${publicUrl}/#organization` },
  };
}

/** Where an old address of a published article now lives (answered with 301), or null. */
export async function newsRedirect(app: FastifyInstance, path: string): Promise<string | null> {
  const slug = articleSlugOf(path);
  if (slug === null || slug.length > MAX_SLUG) return null;
  const current = await cachedNews(app).redirectFor(slug);
  return current ? newsPath(current) : null;
}

/** An article's page is the same for every visitor: cached per article. The list varies by its query. */
export async function newsCacheablePage(app: FastifyInstance, path: string) {
  const slug = articleSlugOf(path);
  if (slug === null || slug.length > MAX_SLUG) return null;
  const article = await cachedNews(app).article(slug);
  return article ? { key: newsPath(article.slug), topics: [...NEWS_TOPICS] } : null;
}

/** The article page for a view of an article (published, or a draft being previewed). */
export function articlePage(publicUrl: string, article: NewsArticleView, site: NewsSite): NewsSitePage {
  const image = absoluteImage(publicUrl, article);
  return {
    status: 200,
    data: { page: 'article', article, requestedSlug: article.slug },
    head: {
      jsonLd: [site.organization, newsArticleJsonLd(publicUrl, article)],
      siteName: site.name,
      title: `${article.title} | ${site.name}`,
      description: article.summary,
      canonicalPath: newsPath(article.slug),
      ogType: 'article',
      ...(image ? { ogImage: { url: image, alt: article.coverAlt } } : {}),
      articleTimes: { published: article.publishedAt, modified: article.updatedAt },
    },
  };
}

/** `/news` (newest first, paged) and `/news/<slug>`; null for other paths. */
export async function resolveNewsPage(
  app: FastifyInstance,
  path: string,
  query: Record<string, string | undefined>,
  site: NewsSite,
): Promise<NewsSitePage | null> {
  const publicUrl = app.config.publicUrl;
  const news = cachedNews(app);
  if (path === '/news') {
    const all = await news.summaries();
    const pageCount = Math.max(1, Math.ceil(all.length / NEWS_PAGE_SIZE));
    const page = Math.min(pageNumberOf(query.page), pageCount);
    const articles = all.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE);
    return {
      status: 200,
      data: { page: 'news', list: { articles, page, pageCount } },
      head: {
        jsonLd: [site.organization],
        siteName: site.name,
        title: page > 1 ? `News, page ${page} | ${site.name}` : `News | ${site.name}`,
        description: `What is new at ${site.name}: services, opening hours, advice and announcements.`,
        canonicalPath: page > 1 ? `/news?page=${page}` : '/news',
      },
    };
  }
  const slug = articleSlugOf(path);
  if (slug === null) return null;
  const article = slug.length <= MAX_SLUG ? await news.article(slug) : null;
  if (!article) {
    return {
      status: 404,
      data: { page: 'article', article: null, requestedSlug: slug.slice(0, 80) },
      head: {
        jsonLd: [site.organization],
        siteName: site.name,
        title: `Article not found | ${site.name}`,
        description: 'This article could not be found.',
        canonicalPath: '/news',
        robots: 'noindex',
      },
    };
  }
  return articlePage(publicUrl, article, site);
}
