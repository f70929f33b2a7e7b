import type { Kysely } from 'kysely';
import type { NewsArticleFields } from '../../common/news-schemas';
import type { RichTextDoc } from '../../common/rich-text';
import type { Database } from '../platform/db/schema';

export interface NewsArticleRow {
  id: string;
  slug: string;
  title: string;
  summary: string;
  coverImageId: string | null;
  coverAlt: string;
  authorId: string;
  publishedAt: string;
  updatedAt: string;
}

const LIST_COLUMNS = ['id', 'slug', 'title', 'summary', 'cover_image_id', 'cover_alt', 'author_id', 'published_at', 'updated_at'] as const;

type ListColumns = Pick<Database['news_articles'], (typeof LIST_COLUMNS)[number]>;

const toRow = (row: ListColumns): NewsArticleRow => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  coverImageId: row.cover_image_id,
  coverAlt: row.cover_alt,
  authorId: row.author_id,
  publishedAt: row.published_at,
  updatedAt: row.updated_at,
});

/** A damaged body shows as an empty article rather than a broken page. */
export function parseBody(text: string): RichTextDoc {
  try {
    const value = JSON.parse(text) as RichTextDoc;
    return value && value.type === 'doc' && Array.isArray(value.content) ? value : { type: 'doc', content: [] };
  } catch {
    return { type: 'doc', content: [] };
  }
}

/** All SQL of the published news articles and their old addresses (migration 0105). */
export function newsRepository(db: Kysely<Database>) {
  return {
    /** Every published article without its body, newest first. */
    async listPublished(): Promise<NewsArticleRow[]> {
      const rows = await db.selectFrom('news_articles').select(LIST_COLUMNS).orderBy('published_at', 'desc').orderBy('id').execute();
      return rows.map(toRow);
    },

    async findBySlug(slug: string): Promise<(NewsArticleRow & { body: RichTextDoc }) | undefined> {
      const row = await db.selectFrom('news_articles').selectAll().where('slug', '=', slug).executeTakeFirst();
      return row ? { ...toRow(row), body: parseBody(row.body_json) } : undefined;
    },

    /** Every old address of a published article, with its current one. */
    async redirects(): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('news_slug_redirects')
        .innerJoin('news_articles', 'news_articles.id', 'news_slug_redirects.article_id')
        .select(['news_slug_redirects.slug as old', 'news_articles.slug as current'])
        .execute();
      return new Map(rows.map((row) => [row.old, row.current]));
    },

    /** Whether another published article has this address now. */
    async slugTaken(slug: string, exceptId: string): Promise<boolean> {
      const row = await db.selectFrom('news_articles').select('id').where('slug', '=', slug).where('id', '!=', exceptId).executeTakeFirst();
      return row !== undefined;
    },

    async readPublished(id: string): Promise<NewsArticleFields | null> {
      const row = await db.selectFrom('news_articles').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      return {
        title: row.title,
        slug: row.slug,
        summary: row.summary,
        coverImageId: row.cover_image_id,
        coverAlt: row.cover_alt,
        authorId: row.author_id,
        body: parseBody(row.body_json),
        publishedAt: row.published_at,
      };
    },

    /**
     * Makes `fields` the published article (inserted when missing). A published article that
     * moves to a new address leaves its old one behind as a redirect; an address taken back, by
     * this article or another, stops redirecting.
     */
    async writePublished(id: string, fields: NewsArticleFields & { slug: string; publishedAt: string }, now: string): Promise<void> {
      const before = await db.selectFrom('news_articles').select('slug').where('id', '=', id).executeTakeFirst();
      const columns = {
        slug: fields.slug,
        title: fields.title,
        summary: fields.summary,
        cover_image_id: fields.coverImageId,
        cover_alt: fields.coverAlt,
        author_id: fields.authorId,
        body_json: JSON.stringify(fields.body),
        published_at: fields.publishedAt,
        updated_at: now,
      };
      await db.deleteFrom('news_slug_redirects').where('slug', '=', fields.slug).execute();
      if (before) {
        await db.updateTable('news_articles').set(columns).where('id', '=', id).execute();
        if (before.slug !== fields.slug) {
          await db.insertInto('news_slug_redirects').values({ slug: before.slug, article_id: id, created_at: now }).execute();
        }
      } else {
        await db
          .insertInto('news_articles')
          .values({ id, ...columns })
          .execute();
      }
    },

    /** Takes an article off the site; its old addresses go with it. */
    async deletePublished(id: string): Promise<void> {
      await db.deleteFrom('news_slug_redirects').where('article_id', '=', id).execute();
      await db.deleteFrom('news_articles').where('id', '=', id).execute();
    },
  };
}
