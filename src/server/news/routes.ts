import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentImageSchema } from '../../common/admin-content-images';
import { MAX_IMAGE_BYTES } from '../../common/content-images';
import { storableText } from '../../common/text-rules';
import { actorOf, consoleRouteDefaults, publishingRoutes, staffDeleteOnly, staffOnly } from '../admin/index';
import { imagesRepository, prepareImage } from '../images/index';
import { PREPARED_ROUTE, prepareResponse, sendPrepared } from '../platform/cache/prepared';
import { contentChanged } from '../platform/cache/content-changes';
import { errorResponse, textResponse } from '../platform/lib/schemas';
import { notFound } from '../platform/lib/http-error';
import { auditRepository } from '../platform/audit/repository';
import { publishingService, recordDeletion } from '../platform/publishing/index';
import { cachedNews, NEWS_TOPICS } from './cached-news';
import { NEWS_COLLECTION } from './collection';
import { buildAtomFeed } from './feed';
import { cachedSiteTexts } from '../site-texts/index';
import { previewNewsArticle } from './preview';
import { newsRepository } from './repository';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };
const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;
const idParams = z.object({ id: z.string().min(1).max(120).check(storableText()) });

const listItem = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  hasDraft: z.boolean(),
  scheduledAt: z.string().nullable(),
  /** The schedule's time came and the draft could not be published: why. */
  scheduleFailure: z.object({ at: z.string(), reason: z.string() }).nullable(),
});

/**
 * The articles for staff (/api/admin/news): the list (published ones and drafts never
 * published), pictures for covers and bodies, taking an article off the site, and the
 * publishing routes every versioned collection has (drafts, Publish, History, Schedule).
 */
const newsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await consoleRouteDefaults(app, 'nw-rl-news-');
  const { db } = app.database;
  const publishing = publishingService(app, NEWS_COLLECTION);

  app.get(
    '/api/admin/news',
    { ...staffOnly, schema: { response: { 200: z.object({ items: z.array(listItem) }), ...errors } } },
    async () => {
      const [published, pending] = await Promise.all([newsRepository(db).listPublished(), publishing.pending()]);
      const drafts = new Map(pending.map((item) => [item.itemId, item]));
      const items: z.infer<typeof listItem>[] = published.map((row) => ({
        id: row.id,
        title: row.title,
        slug: row.slug,
        published: true,
        publishedAt: row.publishedAt,
        hasDraft: drafts.has(row.id),
        scheduledAt: drafts.get(row.id)?.scheduledAt ?? null,
        scheduleFailure: drafts.get(row.id)?.scheduleFailure ?? null,
      }));
      const publishedIds = new Set(published.map((row) => row.id));
      for (const draft of pending.filter((item) => !publishedIds.has(item.itemId))) {
        const fields = (await publishing.state(draft.itemId)).draft?.fields ?? {};
        items.unshift({
          id: draft.itemId,
          title: typeof fields.title === 'string' ? fields.title : '',
          slug: typeof fields.slug === 'string' ? fields.slug : '',
          published: false,
          publishedAt: null,
          hasDraft: true,
          scheduledAt: draft.scheduledAt,
          scheduleFailure: draft.scheduleFailure,
        });
      }
      return { items };
    },
  );

  app.addContentTypeParser(
    /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i,
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/api/admin/news/images',
    {
      ...staffOnly,
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        body: z.instanceof(Buffer, {
          error: 'Send the image file itself as the body, with a Content-Type of image/jpeg, image/png or image/webp.',
        }),
        response: { 201: contentImageSchema, ...errors, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request, reply) => {
      // Checked and resized before the transaction (decision 0802): a refused file changes nothing.
      const prepared = await prepareImage(request.body);
      const image = await db.transaction().execute(async (trx) => {
        const images = imagesRepository(trx);
        const id = await images.save(prepared);
        await images.keepForArticles(id);
        await auditRepository(trx).record({
          actor: actorOf(request),
          action: 'news_article.image_upload',
          itemType: 'news_article',
          itemId: null,
          after: { imageId: id },
        });
        return (await images.describe([id])).get(id)!;
      });
      return reply.status(201).send(image);
    },
  );

  app.delete(
    '/api/admin/news/:id',
    // Taking content down is destructive, as deleting a service is: a recent sign-in.
    { ...staffDeleteOnly, schema: { params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction().execute(async (trx) => {
        const repository = newsRepository(trx);
        const fields = await repository.readPublished(id);
        if (!fields) throw notFound('This article is not on the site: someone took it down already.');
        await repository.deletePublished(id);
        await recordDeletion(trx, NEWS_COLLECTION, id, fields, actorOf(request));
        await auditRepository(trx).record({
          actor: actorOf(request),
          action: 'news_article.delete',
          itemType: 'news_article',
          itemId: id,
          before: fields,
        });
      });
      await contentChanged(app, 'news');
      return reply.status(204).send(null);
    },
  );

  await app.register(publishingRoutes(NEWS_COLLECTION, { base: '/api/admin/news', newItems: true, preview: previewNewsArticle }));
};

/** The feed is a document written here, declared rather than serialized. */
const FEED_SCHEMA = { response: { 200: textResponse } };

/** /news/feed.xml (Atom), and the console's article routes. The pages themselves are site pages. */
const newsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/news/feed.xml', { ...PREPARED_ROUTE, schema: FEED_SCHEMA }, async (request, reply) => {
    // The feed names the company as the site texts do: it follows a publish of either.
    const prepared = await app.contentChanges.cache.get('news-feed', [...NEWS_TOPICS, 'site-texts'], async () =>
      prepareResponse({
        body: buildAtomFeed(app.config.publicUrl, await cachedNews(app).summaries(), (await cachedSiteTexts(app)).companyName),
        contentType: 'application/atom+xml; charset=utf-8',
        cacheControl: 'public, max-age=300',
      }),
    );
    sendPrepared(request, reply, prepared);
    return reply;
  });
  await app.register(newsAdminRoutes);
};

export default fp(newsRoutes, { name: 'news', dependencies: ['admin'] });
