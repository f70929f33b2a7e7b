import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { COVER_ALT_MESSAGE, type NewsArticleFields, newsArticleInput, slugFromTitle } from '../../common/news-schemas';
import { CONTENT_IMAGE_SRC, imageSources, RICH_TEXT_MESSAGES } from '../../common/rich-text';
import { imagesRepository } from '../images/index';
import type { Database } from '../platform/db/schema';
import { badRequest } from '../platform/lib/http-error';
import { defineVersionedCollection } from '../platform/publishing/index';
import { newsRepository } from './repository';

/**
 * The address an article is published under: the one typed, or one made from the title; a
 * made address another article already has gets a short suffix, a typed one is refused.
 */
async function addressFor(db: Kysely<Database>, id: string, fields: NewsArticleFields): Promise<string> {
  const repository = newsRepository(db);
  if (fields.slug !== '') {
    if (await repository.slugTaken(fields.slug, id)) {
      const message = 'Another article has this address: choose another one.';
      throw badRequest(message, { slug: message });
    }
    return fields.slug;
  }
  const current = await repository.readPublished(id);
  if (current) return current.slug;
  const made = slugFromTitle(fields.title);
  return (await repository.slugTaken(made, id)) ? `${made}-${randomBytes(3).toString('hex')}` : made;
}

/** What only the server can check before an article goes public: its author, its pictures, the cover's description. */
async function checkPublishable(db: Kysely<Database>, fields: NewsArticleFields): Promise<void> {
  if (fields.coverImageId && fields.coverAlt === '') throw badRequest(COVER_ALT_MESSAGE, { coverAlt: COVER_ALT_MESSAGE });
  const author = await db.selectFrom('team_members').select('id').where('id', '=', fields.authorId).executeTakeFirst();
  if (!author) {
    const message = 'Choose the author among the team members.';
    throw badRequest(message, { authorId: message });
  }
  const images = imagesRepository(db);
  if (fields.coverImageId && (await images.describe([fields.coverImageId])).size === 0) {
    throw badRequest('Choose a cover picture uploaded here.', { coverImageId: 'Choose a cover picture uploaded here.' });
  }
  const hashes = imageSources(fields.body).map((src) => CONTENT_IMAGE_SRC.exec(src)![1]!);
  const existing = await images.existingVariants(hashes);
  if (hashes.some((hash) => !existing.has(hash))) throw badRequest(RICH_TEXT_MESSAGES.badImage, { body: RICH_TEXT_MESSAGES.badImage });
}

/**
 * News articles as a versioned collection (docs/publishing.md): drafts, Publish, History,
 * Restore and Schedule come from the publishing mechanism; the table holds what is public.
 */
export const NEWS_COLLECTION = defineVersionedCollection<NewsArticleFields>({
  name: 'news',
  itemType: 'news_article',
  schema: newsArticleInput,
  topics: ['news'],
  readPublished: (db, id) => newsRepository(db).readPublished(id),
  async checkPublishable(db, id, fields) {
    await checkPublishable(db, fields);
    await addressFor(db, id, fields);
  },
  // Given fields Publish and Restore have checked already (checkPublishable above): only the
  // address is worked out again, as the article is written.
  async writePublished(db, id, fields) {
    const slug = await addressFor(db, id, fields);
    const now = new Date().toISOString();
    const before = await newsRepository(db).readPublished(id);
    // The publish date: the one set, else the first publish's moment, kept on later publishes.
    const publishedAt = fields.publishedAt !== '' ? new Date(fields.publishedAt).toISOString() : (before?.publishedAt ?? now);
    await newsRepository(db).writePublished(id, { ...fields, slug, publishedAt }, now);
  },
  restoreDeletedRole: 'admin',
});
