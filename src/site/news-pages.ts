/**
 * The news pages, as one module: the site's script loads it only on /news and an article (the
 * server renders them from it too), so other pages carry none of their code.
 */
export { ArticlePage } from './pages/article-page';
export { NewsPage } from './pages/news-page';
