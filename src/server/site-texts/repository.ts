import type { Kysely } from 'kysely';
import { DEFAULT_SITE_TEXTS, type SiteTexts } from '../../common/site-texts';
import { siteTextsInput } from '../../common/site-texts-schema';
import type { Database } from '../platform/db/schema';

/** The one item of the collection. */
export const SITE_TEXTS_ID = 'site';

export function siteTextsRepository(db: Kysely<Database>) {
  return {
    /**
     * The published texts: the stored ones over the defaults (a field added later starts with its
     * default), or the defaults when nothing was ever published.
     */
    async read(): Promise<SiteTexts> {
      const row = await db.selectFrom('site_texts').select('fields_json').where('id', '=', SITE_TEXTS_ID).executeTakeFirst();
      if (!row) return DEFAULT_SITE_TEXTS;
      const parsed = siteTextsInput.partial().safeParse(JSON.parse(row.fields_json));
      return parsed.success ? ({ ...DEFAULT_SITE_TEXTS, ...parsed.data } as SiteTexts) : DEFAULT_SITE_TEXTS;
    },

    async write(texts: SiteTexts, now: string): Promise<void> {
      const fields_json = JSON.stringify(texts);
      await db
        .insertInto('site_texts')
        .values({ id: SITE_TEXTS_ID, fields_json, updated_at: now })
        .onConflict((oc) => oc.column('id').doUpdateSet({ fields_json, updated_at: now }))
        .execute();
    },
  };
}
