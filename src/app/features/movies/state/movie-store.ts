import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../../common/api-error';
import { insertSorted } from '../../../../common/movie-filter';
import type { Movie, NewMovie } from '../../../../common/movie-schema';
import { getIdToken } from '../../../lib/auth-session';
import { postMovie } from '../api/add-movie';
import { listMovies } from '../api/list-movies';

/**
 * The movie list, once per app: the list page and the movie page (both stay mounted in
 * Ionic's stack) read the same copy, so a movie added on one shows on the other at once.
 */
export type MoviesState =
  | { status: 'loading'; movies: readonly Movie[] }
  | { status: 'ready'; movies: readonly Movie[] }
  | { status: 'failed'; movies: readonly Movie[]; error: string };

let state: MoviesState = { status: 'loading', movies: [] };
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function setState(next: MoviesState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the list from the server (again, when `force` is set or the last try failed). */
export function loadMovies(force = false): Promise<void> {
  if (inFlight) return inFlight;
  if (state.status === 'ready' && !force) return Promise.resolve();
  if (state.status === 'failed') setState({ status: 'loading', movies: state.movies });
  inFlight = getIdToken()
    .catch(() => null)
    .then(async (idToken) => {
      try {
        return await listMovies(idToken);
      } catch (error) {
        // Offline, the service worker still has the last anonymous answer; use it.
        if (idToken && error instanceof ApiError && error.isNetworkFailure) return listMovies(null);
        throw error;
      }
    })
    .then((movies) => setState({ status: 'ready', movies }))
    .catch((error: unknown) => {
      const message = error instanceof ApiError ? error.message : 'The movie list could not be loaded.';
      setState({ status: 'failed', movies: state.movies, error: message });
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

export function useMovies(): MoviesState {
  return useSyncExternalStore(subscribe, () => state);
}

/**
 * The movie service's add (spec 8): resolves `true` once the server has stored the movie and
 * `false` when it failed, never rejects. Why it failed goes to `onFailure`, for the UI to show.
 */
export async function addMovie(movie: NewMovie, onFailure: (error: ApiError) => void): Promise<boolean> {
  try {
    const idToken = await getIdToken();
    if (!idToken) throw new ApiError(401, 'unauthenticated', 'You need to log in to add a movie.');
    const added = await postMovie(movie, idToken);
    setState({ ...state, movies: insertSorted(state.movies, added) });
    return true;
  } catch (error) {
    onFailure(error instanceof ApiError ? error : new ApiError(0, 'internal', 'The movie could not be added. Please try again.'));
    return false;
  }
}
