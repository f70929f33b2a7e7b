import type { FastifyInstance } from 'fastify';
import { type NewsArticleFields, newsArticleInput, slugFromTitle } from '../../common/news-schemas';
import { cachedContent } from '../content/index';
import { imagesRepository } from '../images/index';
import type { Fields } from '../platform/publishing/index';
import { organization } from '../platform/render/site-pages';
import { cachedSiteTexts } from '../site-texts/index';
import { richTextToHtml } from './rich-text-html';
import { articlePage, type NewsSitePage } from './site-pages';

/**
 * An article's page with its draft in it, for the console's Preview: the same page a visitor
 * will get, built from the draft's fields (checked by the same schema, rendered by the same
 * allow-listed renderer), never cached. A draft the schema refuses has no preview.
 */
export async function previewNewsArticle(app: FastifyInstance, _id: string, fields: Fields): Promise<NewsSitePage | null> {
  const parsed = newsArticleInput.safeParse(fields);
  if (!parsed.success) return null;
  const article: NewsArticleFields = parsed.data;
  const [images, members, texts] = await Promise.all([
    imagesRepository(app.database.db).describe([article.coverImageId]),
    cachedContent(app).teamMembers(),
    cachedSiteTexts(app),
  ]);
  const author = members.find((member) => member.id === article.authorId);
  const now = new Date().toISOString();
  const page = articlePage(
    app.config.publicUrl,
    {
      slug: article.slug || slugFromTitle(article.title),
      title: article.title,
      summary: article.summary,
      publishedAt: article.publishedAt || now,
      updatedAt: now,
      cover: article.coverImageId ? (images.get(article.coverImageId) ?? null) : null,
      coverAlt: article.coverAlt,
      author: author ? { id: author.id, name: author.name, role: author.role } : null,
      bodyHtml: richTextToHtml(article.body),
    },
    { organization: organization(app.config.publicUrl, texts), name: texts.companyName },
  );
  // The footer and head show the published site texts, as on the article's real page.
  return { ...page, data: { ...page.data, texts } };
}
