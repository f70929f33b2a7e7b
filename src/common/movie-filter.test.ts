import { describe, expect, it } from 'vitest';
import { compareTitles, filterMovies, type FilterOptions, foldForSearch, indexMovies, insertSorted, searchWords } from './movie-filter';

const MOVIES = indexMovies([
  { title: 'The Dark Knight', genres: ['Action', 'Crime', 'Drama'] },
  { title: 'The Godfather', genres: ['Crime', 'Drama'] },
  { title: 'Amélie', genres: ['Comedy', 'Romance'] },
  { title: 'Alien', genres: ['Horror', 'Sci-Fi'] },
  { title: 'Toy Story', genres: ['Animation'] },
]);

const titles = (movies: { title: string }[]) => movies.map((movie) => movie.title);
const ALL: FilterOptions = { segment: 'all', search: '', hiddenGenreKeys: new Set(), favorites: new Set() };

describe('title search', () => {
  it('shows everything for an empty or blank search', () => {
    expect(filterMovies(MOVIES, ALL)).toHaveLength(5);
    expect(filterMovies(MOVIES, { ...ALL, search: '   ' })).toHaveLength(5);
  });

  it('matches part of a title, ignoring case', () => {
    expect(titles(filterMovies(MOVIES, { ...ALL, search: 'DARK' }))).toEqual(['The Dark Knight']);
    expect(titles(filterMovies(MOVIES, { ...ALL, search: 'the' }))).toEqual(['The Dark Knight', 'The Godfather']);
  });

  it('needs every word, in any order', () => {
    expect(titles(filterMovies(MOVIES, { ...ALL, search: 'knight the' }))).toEqual(['The Dark Knight']);
    expect(filterMovies(MOVIES, { ...ALL, search: 'knight godfather' })).toEqual([]);
  });

  it('ignores accents both ways', () => {
    expect(titles(filterMovies(MOVIES, { ...ALL, search: 'amelie' }))).toEqual(['Amélie']);
    expect(titles(filterMovies(MOVIES, { ...ALL, search: 'AMÉL' }))).toEqual(['Amélie']);
  });

  it('does not search the genres', () => {
    expect(filterMovies(MOVIES, { ...ALL, search: 'horror' })).toEqual([]);
  });

  it('folds text and splits words', () => {
    expect(foldForSearch('Ça Été')).toBe('ca ete');
    expect(searchWords('  dark   knight ')).toEqual(['dark', 'knight']);
  });
});

describe('genre filter', () => {
  it('hides a movie whose only genres are all switched off', () => {
    const shown = titles(filterMovies(MOVIES, { ...ALL, hiddenGenreKeys: new Set(['animation']) }));
    expect(shown).not.toContain('Toy Story');
    expect(shown).toHaveLength(4);
  });

  it('keeps a movie while any of its genres is still on', () => {
    const shown = titles(filterMovies(MOVIES, { ...ALL, hiddenGenreKeys: new Set(['drama']) }));
    expect(shown).toContain('The Godfather');
    expect(titles(filterMovies(MOVIES, { ...ALL, hiddenGenreKeys: new Set(['drama', 'crime']) }))).toEqual([
      'The Dark Knight',
      'Amélie',
      'Alien',
      'Toy Story',
    ]);
  });

  it('shows nothing when every genre is off', () => {
    const every = new Set(MOVIES.flatMap((movie) => movie.genreKeys));
    expect(filterMovies(MOVIES, { ...ALL, hiddenGenreKeys: every })).toEqual([]);
  });

  it('combines with the search', () => {
    expect(titles(filterMovies(MOVIES, { ...ALL, search: 'the', hiddenGenreKeys: new Set(['crime', 'drama']) }))).toEqual([
      'The Dark Knight',
    ]);
  });
});

describe('segment', () => {
  it('shows only favourites under Favorites', () => {
    const favorites = new Set(['Alien', 'Toy Story']);
    expect(titles(filterMovies(MOVIES, { ...ALL, segment: 'favorites', favorites }))).toEqual(['Alien', 'Toy Story']);
    expect(filterMovies(MOVIES, { ...ALL, favorites })).toHaveLength(5);
  });

  it('shows nothing under Favorites without favourites', () => {
    expect(filterMovies(MOVIES, { ...ALL, segment: 'favorites' })).toEqual([]);
  });

  it('applies search and genre filter inside Favorites too', () => {
    const favorites = new Set(['Alien', 'Toy Story', 'The Godfather']);
    const options = { ...ALL, segment: 'favorites' as const, favorites, search: 'o', hiddenGenreKeys: new Set(['animation']) };
    expect(titles(filterMovies(MOVIES, options))).toEqual(['The Godfather']);
  });
});

describe('order', () => {
  it('sorts titles as people read them', () => {
    const sorted = [{ title: 'aliens' }, { title: '10 Things' }, { title: 'Alien' }, { title: '2 Fast' }]
      .map((movie) => ({ ...movie, genres: ['x'] }))
      .sort(compareTitles)
      .map((movie) => movie.title);
    expect(sorted).toEqual(['2 Fast', '10 Things', 'Alien', 'aliens']);
  });

  it('inserts a movie in its place', () => {
    const list = [{ title: 'A' }, { title: 'C' }, { title: 'E' }].map((movie) => ({ ...movie, genres: ['x'] }));
    expect(titles(insertSorted(list, { title: 'D', genres: ['x'] }))).toEqual(['A', 'C', 'D', 'E']);
    expect(titles(insertSorted(list, { title: '0', genres: ['x'] }))).toEqual(['0', 'A', 'C', 'E']);
    expect(titles(insertSorted([], { title: 'Z', genres: ['x'] }))).toEqual(['Z']);
  });
});
