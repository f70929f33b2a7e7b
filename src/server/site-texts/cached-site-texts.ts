import type { FastifyInstance } from 'fastify';
import type { SiteTexts } from '../../common/site-texts';
import { siteTextsRepository } from './repository';

/**
 * The published site texts, read from the database once per content version: a publish on any
 * instance drops the `site-texts` topic everywhere, so the next request shows it.
 */
export const cachedSiteTexts = (app: FastifyInstance): Promise<SiteTexts> =>
  app.contentChanges.cache.get('data:site-texts', ['site-texts'], () => siteTextsRepository(app.database.db).read());
