import { describe, expect, it } from 'vitest';
import { isIsoDateTime, newsArticleInput } from './news-schemas';

describe('an article publish date', () => {
  it.each(['2026-01-31T09:00:00Z', '2026-01-31T09:00:00.000Z', '2026-01-31T09:00:00.123+02:00', '2028-02-29T23:59:59-05:00'])(
    'accepts the ISO 8601 date-time %s',
    (value) => expect(isIsoDateTime(value)).toBe(true),
  );

  it.each([
    ['a date with a parenthesised comment', '2026-01-01 (<svg onload=alert(1)>)'],
    ['a date alone', '2026-01-01'],
    ['a time without its offset', '2026-01-01T09:00:00'],
    ['words', 'January 1, 2026 09:00 UTC'],
    ['a day the month does not have', '2026-02-31T09:00:00Z'],
    ['29 February of a common year', '2026-02-29T09:00:00Z'],
    ['hour 24', '2026-01-01T24:00:00Z'],
    ['a date-time past 40 characters', `2026-01-01T09:00:00.${'1'.repeat(40)}Z`],
    ['100,000 characters', 'x'.repeat(100_000)],
  ])('refuses %s', (_name, value) => expect(isIsoDateTime(value)).toBe(false));

  it('is empty or such a date-time in an article', () => {
    const article = {
      title: 'T',
      slug: '',
      summary: 'S',
      coverImageId: null,
      coverAlt: '',
      authorId: 'a',
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }] },
    };
    expect(newsArticleInput.safeParse({ ...article, publishedAt: '' }).success).toBe(true);
    const refused = newsArticleInput.safeParse({ ...article, publishedAt: '2026-01-01 (<svg>)' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['publishedAt']);
  });
});
