import type { SiteTexts } from '../../common/site-texts';
import { siteTextsInput } from '../../common/site-texts-schema';
import { defineVersionedCollection } from '../platform/publishing/index';
import { SITE_TEXTS_ID, siteTextsRepository } from './repository';

/**
 * The site texts as a versioned collection of one item (`site`): drafts, Preview, Publish,
 * History, Restore and Schedule come from the publishing mechanism (docs/publishing.md). The
 * item is always published: before the first publish it holds the site's default words.
 */
export const SITE_TEXTS_COLLECTION = defineVersionedCollection<SiteTexts>({
  name: 'site-texts',
  itemType: 'site_texts',
  schema: siteTextsInput,
  topics: ['site-texts'],
  readPublished: async (db, id) => (id === SITE_TEXTS_ID ? siteTextsRepository(db).read() : null),
  async writePublished(db, id, fields) {
    if (id !== SITE_TEXTS_ID) return;
    const repository = siteTextsRepository(db);
    // A revision from before a field existed (restored) keeps that field's published words.
    const complete = { ...(await repository.read()), ...fields };
    await repository.write(siteTextsInput.parse(complete) as SiteTexts, new Date().toISOString());
  },
  consolePath: () => '/admin/content/site-texts',
  restoreDeletedRole: 'admin',
});
