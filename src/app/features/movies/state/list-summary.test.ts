import { describe, expect, it } from 'vitest';
import { emptyReason, groupThousands, listSummary } from './list-summary';

describe('movie list summary', () => {
  it('groups thousands as English text does, like toLocaleString("en")', () => {
    for (const count of [0, 7, 42, 999, 1000, 1200, 10_000, 999_999, 1_000_000, 123_456_789, -1200])
      expect(groupThousands(count)).toBe(count.toLocaleString('en'));
  });

  it('counts what shows, of how many, with grouped thousands', () => {
    expect(listSummary(1, 1, false)).toBe('1 movie');
    expect(listSummary(1200, 1200, false)).toBe('1,200 movies');
    expect(listSummary(3, 1200, false)).toBe('3 movies of 1,200');
    expect(listSummary(2, 1200, true)).toBe('2 movies in your favorites');
  });

  it('says why an empty list is empty', () => {
    expect(emptyReason({ favoritesOnly: true, favoriteCount: 0, everyGenreHidden: true })).toBe('no-favorites');
    expect(emptyReason({ favoritesOnly: true, favoriteCount: null, everyGenreHidden: false })).toBe('no-match');
    expect(emptyReason({ favoritesOnly: false, favoriteCount: 0, everyGenreHidden: true })).toBe('every-genre-hidden');
    expect(emptyReason({ favoritesOnly: true, favoriteCount: 3, everyGenreHidden: false })).toBe('no-match');
  });
});
