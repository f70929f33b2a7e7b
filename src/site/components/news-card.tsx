import { formatNewsDate, type NewsSummary, newsPath } from '../../common/news-data';
import { ContentPicture } from './content-picture';

/** One article in a list: cover, date, title (the link, which covers the card) and summary. */
export function NewsCard({ article, headingLevel = 2 }: { article: NewsSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="card news-card">
      {article.cover ? (
        // The title says what the article is; its cover is decoration here (the article page describes it).
        <ContentPicture image={article.cover} alt="" sizes="(min-width: 821px) 360px, 100vw" className="news-card__cover" />
      ) : null}
      <Heading className="news-card__title">
        <a href={newsPath(article.slug)}>{article.title}</a>
      </Heading>
      <p className="news-card__meta muted">
        <time dateTime={article.publishedAt}>{formatNewsDate(article.publishedAt)}</time>
        {article.author ? ` · ${article.author.name}` : null}
      </p>
      <p className="news-card__summary">{article.summary}</p>
    </li>
  );
}
