import { ContentPicture } from '../components/content-picture';
import { LineIcon } from '../components/icons';
import { formatNewsDate } from '../../common/news-data';
import type { SitePageData } from '../../common/site-data';

/** /news/<slug>: one article. Its body is HTML the server built from the allow-listed document. */
export function ArticlePage({ data }: { data: Extract<SitePageData, { page: 'article' }> }) {
  const { article } = data;
  if (!article) {
    return (
      <section className="page-section not-found" aria-labelledby="not-found-title">
        <p className="eyebrow">Error 404</p>
        <h1 id="not-found-title">Article not found</h1>
        <p className="lead">
          We could not find the article “{data.requestedSlug}”. It may have been taken down, or the link may be mistyped.
        </p>
        <p>
          <a className="button button--primary" href="/news">
            <LineIcon name="back" size={18} /> Back to News
          </a>
        </p>
      </section>
    );
  }
  return (
    <article className="page-section article" aria-labelledby="article-title">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <a href="/news">News</a>
          </li>
          <li aria-current="page">{article.title}</li>
        </ol>
      </nav>
      <header className="article__head">
        <h1 id="article-title">{article.title}</h1>
        <p className="article__meta muted">
          <time dateTime={article.publishedAt}>{formatNewsDate(article.publishedAt)}</time>
          {article.author ? (
            <>
              {' · By '}
              <a href={`/team/${encodeURIComponent(article.author.id)}`}>{article.author.name}</a>, {article.author.role}
            </>
          ) : null}
        </p>
        <p className="lead">{article.summary}</p>
      </header>
      {article.cover ? (
        <ContentPicture image={article.cover} alt={article.coverAlt} sizes="(min-width: 821px) 760px, 100vw" className="article__cover" />
      ) : null}
      {/* Built on the server from the allow-listed document only (src/server/news/rich-text-html.ts). */}
      <div className="article__body" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
      <p>
        <a href="/news" className="back-link">
          <LineIcon name="back" size={18} /> Back to News
        </a>
      </p>
    </article>
  );
}
