import type { FastifyInstance } from 'fastify';
import type { NewsArticleView, NewsSummary } from '../../common/news-data';
import type { TeamMemberItem } from '../../common/site-data';
import { cachedContent } from '../content/index';
import { imagesRepository } from '../images/index';
import { type NewsArticleRow, newsRepository } from './repository';
import { richTextToHtml } from './rich-text-html';

/** The caches every news answer is built from: articles, and the team (authors' names). */
export const NEWS_TOPICS = ['news', 'team-members'] as const;

interface NewsIndex {
  summaries: NewsSummary[];
  bySlug: Map<string, NewsArticleRow>;
  /** Old address -> current one. */
  redirects: Map<string, string>;
}

function summaryOf(
  row: NewsArticleRow,
  images: Map<string, NewsSummary['cover'] & object>,
  team: Map<string, TeamMemberItem>,
): NewsSummary {
  const member = team.get(row.authorId);
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    publishedAt: row.publishedAt,
    cover: row.coverImageId ? (images.get(row.coverImageId) ?? null) : null,
    coverAlt: row.coverAlt,
    author: member ? { id: member.id, name: member.name, role: member.role } : null,
  };
}

/**
 * The published articles as the site, the feed and the sitemap use them, read from the database
 * once per content version (src/server/platform/cache). Nothing here ever sees a draft: the
 * table holds only what was published.
 */
export function cachedNews(app: FastifyInstance) {
  const { cache } = app.contentChanges;
  const { db } = app.database;
  const team = async () => new Map((await cachedContent(app).teamMembers()).map((member) => [member.id, member]));

  const index = () =>
    cache.get<NewsIndex>('data:news', NEWS_TOPICS, async () => {
      const repository = newsRepository(db);
      const [rows, members] = await Promise.all([repository.listPublished(), team()]);
      const images = await imagesRepository(db).describe(rows.map((row) => row.coverImageId));
      const redirects = await repository.redirects();
      return {
        summaries: rows.map((row) => summaryOf(row, images, members)),
        bySlug: new Map(rows.map((row) => [row.slug, row])),
        redirects,
      };
    });

  return {
    /** Newest first. */
    summaries: async (): Promise<NewsSummary[]> => (await index()).summaries,
    redirectFor: async (slug: string): Promise<string | null> => (await index()).redirects.get(slug) ?? null,
    /** The article at this address with its body as allow-listed HTML, or null. */
    async article(slug: string): Promise<NewsArticleView | null> {
      const known = (await index()).bySlug.get(slug);
      if (!known) return null;
      return cache.get(`data:news:${known.id}`, NEWS_TOPICS, async () => {
        const row = await newsRepository(db).findBySlug(slug);
        if (!row) return null;
        const images = await imagesRepository(db).describe([row.coverImageId]);
        return { ...summaryOf(row, images, await team()), updatedAt: row.updatedAt, bodyHtml: richTextToHtml(row.body) };
      });
    },
  };
}
