import { describe, expect, it } from 'vitest';
import type { NewsSummary } from '../../common/news-data';
import { buildAtomFeed, FEED_ENTRIES } from './feed';

const article = (index: number): NewsSummary => ({
  slug: `article-${index}`,
  title: `Title <${index}> & "more"`,
  summary: 'We now repair laptops on Saturdays.',
  publishedAt: new Date(Date.UTC(2026, 0, 30 - index)).toISOString(),
  cover: null,
  coverAlt: '',
  author: { id: 'maya-chen', name: 'Maya Chen', role: 'Engineer' },
});

describe('buildAtomFeed', () => {
  it('lists the newest articles with escaped text and absolute addresses', () => {
    const feed = buildAtomFeed(
      'https://example.com',
      Array.from({ length: 25 }, (_, index) => article(index)),
    );
    expect(feed.match(/<entry>/g)).toHaveLength(FEED_ENTRIES);
    expect(feed).toContain('<title>Title &lt;0&gt; &amp; &quot;more&quot;</title>');
    expect(feed).toContain('<link rel="alternate" type="text/html" href="https://example.com/news/article-0"/>');
    expect(feed).toContain(`<updated>${article(0).publishedAt}</updated>`);
    expect(feed).toContain('<uri>https://example.com/team/maya-chen</uri>');
  });

  it('is a valid feed with no articles', () => {
    const feed = buildAtomFeed('https://example.com', []);
    expect(feed).not.toContain('<entry>');
    expect(feed).toContain('<updated>');
  });
});
