import { insertSorted } from '../../../../common/movie-filter';
import type { Movie } from '../../../../common/movie-schema';

/** A movie change from the live stream (src/server/changes/live.ts recordMovieChange). */
export interface MovieEvent {
  kind: string;
  key: string;
  data: unknown;
}

function isMovie(value: unknown): value is Movie {
  const movie = value as Movie | null;
  return typeof movie?.title === 'string' && Array.isArray(movie.genres);
}

/**
 * True when an event from the stream tells the list nothing new: the list was read at `have` or
 * later (the version its answer carried, or the last change applied), and the event's version
 * is not past it. A reset at that version is the stream starting where the list already is; a
 * change at or below it is one the list was read after. Unknown `have` (a copy kept on the
 * device) is never current.
 */
export function isCurrent(have: number | undefined, event: { version: number }): boolean {
  return have !== undefined && event.version <= have;
}

/**
 * The list after one change, or null when the event does not say enough and the list must be
 * fetched again. Applying an add the list already holds (our own add) changes nothing.
 */
export function applyMovieEvent(movies: readonly Movie[], event: MovieEvent): readonly Movie[] | null {
  if (event.kind === 'add' && isMovie(event.data)) {
    const added = event.data;
    return movies.some((movie) => movie.title === added.title) ? movies : insertSorted(movies, added);
  }
  if (event.kind === 'update' && isMovie(event.data)) {
    const updated = event.data;
    return insertSorted(
      movies.filter((movie) => movie.title !== event.key && movie.title !== updated.title),
      updated,
    );
  }
  if (event.kind === 'delete') return movies.filter((movie) => movie.title !== event.key);
  return null;
}

/** The list shown: the server's movies plus those still waiting to be sent, each once. */
export function withWaiting(movies: readonly Movie[], waiting: readonly Movie[]): readonly Movie[] {
  let shown = movies;
  for (const movie of waiting)
    if (!shown.some((m) => m.title.toLowerCase() === movie.title.toLowerCase())) shown = insertSorted(shown, movie);
  return shown;
}
