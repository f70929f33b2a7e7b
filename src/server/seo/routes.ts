import type { FastifyPluginAsync } from 'fastify';
import { PREPARED_ROUTE, prepareResponse, sendPrepared } from '../platform/cache/prepared';
import { cachedContent } from '../content/index';
import { cachedNews } from '../news/index';
import { newsPath } from '../../common/news-data';
import { textResponse } from '../platform/lib/schemas';
import { buildRobots, buildSitemap, type SitemapEntry } from './sitemap';

const SITE_PAGES: SitemapEntry[] = [
  { path: '/', changefreq: 'weekly', priority: 1 },
  { path: '/about', changefreq: 'monthly', priority: 0.8 },
  { path: '/team', changefreq: 'monthly', priority: 0.8 },
  { path: '/support', changefreq: 'yearly', priority: 0.6 },
  { path: '/news', changefreq: 'weekly', priority: 0.7 },
];

/** Both are documents written here (XML, plain text), declared rather than serialized. */
const TEXT_SCHEMA = { response: { 200: textResponse } };

/** /sitemap.xml (the site pages, one page per team member and per published article) and /robots.txt. */
const seoRoutes: FastifyPluginAsync = async (app) => {
  const content = cachedContent(app);
  app.get('/sitemap.xml', { ...PREPARED_ROUTE, schema: TEXT_SCHEMA }, async (request, reply) => {
    const prepared = await app.contentChanges.cache.get('sitemap', ['team-members', 'news'], async () => {
      const [members, articles] = await Promise.all([content.teamMembers(), cachedNews(app).summaries()]);
      const entries = [
        ...SITE_PAGES,
        ...members.map((member): SitemapEntry => ({
          path: `/team/${encodeURIComponent(member.id)}`,
          changefreq: 'monthly',
          priority: 0.6,
        })),
        // Published articles only: the news cache never holds a draft.
        ...articles.map((article): SitemapEntry => ({ path: newsPath(article.slug), changefreq: 'monthly', priority: 0.6 })),
      ];
      return prepareResponse({
        body: buildSitemap(app.config.publicUrl, entries),
        contentType: 'application/xml; charset=utf-8',
        cacheControl: 'public, max-age=3600',
      });
    });
    sendPrepared(request, reply, prepared);
    return reply;
  });

  app.get('/robots.txt', { schema: TEXT_SCHEMA }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(buildRobots(app.config.publicUrl)),
  );
};

export default seoRoutes;
