import type { FastifyPluginAsync } from 'fastify';
import { listTeamMembers } from '../content/team-members-repository';
import { buildRobots, buildSitemap, type SitemapEntry } from './sitemap';

const SITE_PAGES: SitemapEntry[] = [
  { path: '/', changefreq: 'weekly', priority: 1 },
  { path: '/about', changefreq: 'monthly', priority: 0.8 },
  { path: '/team', changefreq: 'monthly', priority: 0.8 },
  { path: '/support', changefreq: 'yearly', priority: 0.6 },
];

/** /sitemap.xml (the site pages and one page per team member) and /robots.txt. */
const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/sitemap.xml', async (_request, reply) => {
    const members = await listTeamMembers(app.database.db);
    const entries = [
      ...SITE_PAGES,
      ...members.map((member): SitemapEntry => ({ path: `/team/${encodeURIComponent(member.id)}`, changefreq: 'monthly', priority: 0.6 })),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(buildSitemap(app.config.publicUrl, entries));
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(buildRobots(app.config.publicUrl)),
  );
};

export default seoRoutes;
