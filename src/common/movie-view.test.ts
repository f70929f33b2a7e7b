import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW } from './movie-filter';
import { decodeMovieView, encodeMovieView, moviePageUrl, movieViewLink, suggestEditSubject, suggestEditUrl } from './movie-view';

describe('movie list view in the URL', () => {
  it('leaves the default view without parameters', () => {
    expect(encodeMovieView(DEFAULT_VIEW)).toBe('');
    expect(decodeMovieView('')).toEqual(DEFAULT_VIEW);
  });

  it('round-trips segment, search and hidden genres', () => {
    const view = { segment: 'favorites' as const, search: 'dark knight', hiddenGenres: ['Sci-Fi', 'Drama & Crime'] };
    const query = encodeMovieView(view);
    expect(query).toBe('?segment=favorites&search=dark+knight&hide=Drama+%26+Crime%2CSci-Fi');
    expect(decodeMovieView(query)).toEqual({ ...view, hiddenGenres: ['Drama & Crime', 'Sci-Fi'] });
  });

  it('builds an absolute link on the list path', () => {
    expect(movieViewLink('https://example.com', { ...DEFAULT_VIEW, search: 'x' })).toBe('https://example.com/app/tabs/home?search=x');
  });

  it('falls back to defaults for unknown or malformed values', () => {
    expect(decodeMovieView('?segment=everything&hide=,,&other=1')).toEqual(DEFAULT_VIEW);
    expect(decodeMovieView(`?search=${'a'.repeat(500)}`).search).toHaveLength(200);
  });
});

describe('suggest an edit', () => {
  it('names the movie when there is one', () => {
    expect(suggestEditSubject()).toBe('Movie edit suggestion');
    expect(suggestEditSubject('Alien')).toBe('Movie edit suggestion: Alien');
    expect(suggestEditUrl('Alien & Co')).toBe('/support?subject=Movie%20edit%20suggestion%3A%20Alien%20%26%20Co');
  });

  it('keeps the subject within the support form limit', () => {
    expect(suggestEditSubject('x'.repeat(200))).toHaveLength(150);
  });

  it('links to a movie page by title', () => {
    expect(moviePageUrl('AC/DC: Live?')).toBe('/movie-example?title=AC%2FDC%3A%20Live%3F');
  });
});
