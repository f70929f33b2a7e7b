/** What the rest of the server may use of the news articles (docs/decisions/0005). */
export { cachedNews } from './cached-news';
export { newsCacheablePage, newsRedirect, resolveNewsPage } from './site-pages';
