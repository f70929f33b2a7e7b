import type { Movie } from './movie-schema';

/**
 * What the movie list shows: the All/Favorites segment, the title search and the genre filter.
 * Pure functions, so the list page only memoises and renders.
 */
export type MovieSegment = 'all' | 'favorites';

export interface MovieView {
  segment: MovieSegment;
  search: string;
  /** Genres the user switched off in the filter, as shown (not lower-cased). */
  hiddenGenres: string[];
}

export const DEFAULT_VIEW: MovieView = { segment: 'all', search: '', hiddenGenres: [] };

/** A movie with its lower-cased, accent-free search text worked out once, not per keystroke. */
export interface IndexedMovie extends Movie {
  searchText: string;
  genreKeys: string[];
}

/** Lower case without accents, so "amelie" finds "Amélie" and "ZOMBIE" finds "Zombieland". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLocaleLowerCase('en');
}

export function genreKey(genre: string): string {
  return genre.toLocaleLowerCase('en');
}

export function indexMovies(movies: readonly Movie[]): IndexedMovie[] {
  return movies.map((movie) => ({ ...movie, searchText: foldForSearch(movie.title), genreKeys: movie.genres.map(genreKey) }));
}

/** The words of a search; every one must occur in the title, in any order. */
export function searchWords(search: string): string[] {
  return foldForSearch(search).split(/\s+/).filter(Boolean);
}

export interface FilterOptions {
  segment: MovieSegment;
  search: string;
  /** Lower-cased genres switched off in the filter. */
  hiddenGenreKeys: ReadonlySet<string>;
  /** Titles of the user's favourites. */
  favorites: ReadonlySet<string>;
}

/**
 * The movies the list shows, in the order given. A movie passes the genre filter when at least
 * one of its genres is still switched on (so unticking Drama keeps "The Godfather", which is
 * also Crime, as long as Crime is on).
 */
export function filterMovies<T extends IndexedMovie>(movies: readonly T[], options: FilterOptions): T[] {
  const words = searchWords(options.search);
  const hidden = options.hiddenGenreKeys;
  const favoritesOnly = options.segment === 'favorites';
  return movies.filter(
    (movie) =>
      (!favoritesOnly || options.favorites.has(movie.title)) &&
      (hidden.size === 0 || movie.genreKeys.some((key) => !hidden.has(key))) &&
      words.every((word) => movie.searchText.includes(word)),
  );
}

const TITLE_COLLATOR = new Intl.Collator('en', { sensitivity: 'base', numeric: true, ignorePunctuation: false });

/** The list's order: by title as a person reads it ("Alien" before "aliens", "2 Fast" before "10 Things"). */
export function compareTitles(a: Movie, b: Movie): number {
  return TITLE_COLLATOR.compare(a.title, b.title) || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0);
}

/** Adds a movie to a sorted list, keeping the order. */
export function insertSorted<T extends Movie>(movies: readonly T[], movie: T): T[] {
  let low = 0;
  let high = movies.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareTitles(movies[middle]!, movie) < 0) low = middle + 1;
    else high = middle;
  }
  return [...movies.slice(0, low), movie, ...movies.slice(low)];
}
