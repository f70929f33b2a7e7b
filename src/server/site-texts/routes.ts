import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteTexts } from '../../common/site-texts';
import { siteTextsInput } from '../../common/site-texts-schema';
import { consoleRouteDefaults, publishingRoutes } from '../admin/index';
import { cachedContent } from '../content/index';
import { resolveSitePage } from '../platform/render/site-pages';
import { SITE_TEXTS_COLLECTION } from './collection';

/**
 * The console's site texts (/api/admin/site-texts/site/...): the publishing routes every
 * versioned collection has, with a preview of the landing page (its headline, introduction,
 * call to action, footer and head) drawn with the draft's texts.
 */
const siteTextsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await consoleRouteDefaults(app, 'nw-rl-site-texts-');
  await app.register(
    publishingRoutes(SITE_TEXTS_COLLECTION, {
      base: '/api/admin/site-texts',
      preview: async (server, _id, fields) => {
        const parsed = siteTextsInput.safeParse(fields);
        if (!parsed.success) return null;
        return resolveSitePage(server, '/', {}, cachedContent(server), parsed.data as SiteTexts);
      },
    }),
  );
};

export default fp(
  async (app) => {
    await app.register(siteTextsAdminRoutes);
  },
  { name: 'site-texts', dependencies: ['admin'] },
);
