/** What the rest of the server may use of the site texts (docs/publishing.md). */
export { cachedSiteTexts } from './cached-site-texts';
export { SITE_TEXTS_COLLECTION } from './collection';
