import { NewsCard } from '../components/news-card';
import type { SitePageData } from '../../common/site-data';

const pageHref = (page: number) => (page <= 1 ? '/news' : `/news?page=${page}`);

/** /news: the published articles, newest first, a page at a time (plain links: no JavaScript needed). */
export function NewsPage({ data }: { data: Extract<SitePageData, { page: 'news' }> }) {
  const { articles, page, pageCount } = data.list;
  return (
    <>
      <section className="page-hero" aria-labelledby="news-title">
        <div className="page-hero__inner">
          <p className="eyebrow">What is new at Northwind</p>
          <h1 id="news-title">News</h1>
          <p className="lead">New services, opening hours, advice from the help desk and announcements.</p>
        </div>
      </section>
      <section className="page-section" aria-label="Articles">
        {articles.length === 0 ? (
          <p className="muted">No news yet. Please check back soon.</p>
        ) : (
          <ul className="card-grid news-grid">
            {articles.map((article) => (
              <NewsCard key={article.slug} article={article} />
            ))}
          </ul>
        )}
        {pageCount > 1 ? (
          <nav className="pager" aria-label="News pages">
            {page > 1 ? (
              <a href={pageHref(page - 1)} rel="prev">
                Newer articles
              </a>
            ) : null}
            <span className="muted">
              Page {page} of {pageCount}
            </span>
            {page < pageCount ? (
              <a href={pageHref(page + 1)} rel="next">
                Older articles
              </a>
            ) : null}
          </nav>
        ) : null}
        <p className="news-feed-link">
          <a href="/news/feed.xml" type="application/atom+xml">
            Follow our news (Atom feed)
          </a>
        </p>
      </section>
    </>
  );
}
