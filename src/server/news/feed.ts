import { COMPANY } from '../../common/constants';
import { type NewsSummary, newsPath } from '../../common/news-data';

/** Entries in the feed: the newest ones (readers keep what they fetched before). */
export const FEED_ENTRIES = 20;

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * The Atom feed (RFC 4287) of the newest published articles: each with its address, publish
 * date, author and summary. `updated` is the newest article's date (a fixed date when none), so
 * the same articles always give the same bytes.
 */
export function buildAtomFeed(publicUrl: string, articles: readonly NewsSummary[], companyName: string = COMPANY.name): string {
  const newest = articles.slice(0, FEED_ENTRIES);
  const updated = newest[0]?.publishedAt ?? '2011-01-01T00:00:00.000Z';
  const entries = newest.map((article) => {
    const url = `${publicUrl}${newsPath(article.slug)}`;
    return [
      '  <entry>',
      `    <id>${escapeXml(url)}</id>`,
      `    <title>${escapeXml(article.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${escapeXml(article.publishedAt)}</published>`,
      `    <updated>${escapeXml(article.publishedAt)}</updated>`,
      article.author
        ? `    <author><name>${escapeXml(article.author.name)}</name><uri>${escapeXml(`${publicUrl}/team/${encodeURIComponent(article.author.id)}`)}</uri></author>`
        : '',
      `    <summary>${escapeXml(article.summary)}</summary>`,
      '  </entry>',
    ]
      .filter((line) => line !== '')
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(`${publicUrl}/news`)}</id>`,
    `  <title>${escapeXml(`${companyName} news`)}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${publicUrl}/news/feed.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${publicUrl}/news`)}"/>`,
    `  <updated>${escapeXml(updated)}</updated>`,
    `  <author><name>${escapeXml(companyName)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
