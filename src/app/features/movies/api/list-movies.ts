import { apiRequest } from '../../../../common/api-client';
import { ApiError } from '../../../../common/api-error';
import type { Movie } from '../../../../common/movie-schema';
import { getIdToken } from '../../../lib/session/session-store';

export type MovieList = { movies: Movie[]; version?: number | undefined };
/** The key under which the app asks for the list as it starts (lib/early-answers.ts). */
export const EARLY_MOVIE_LIST = 'movies';

/**
 * GET /api/movies: every movie, sorted by title. The server does not need the token, but the
 * service worker serves anonymous API reads from its cache first (stale-while-revalidate) and
 * never caches a request that carries one; a signed-in user, who may just have added a movie,
 * always gets the list as it is now. `fresh` asks past that cache too (after a live change).
 * `version` is the live topic's version the list is at least as new as (absent from an answer
 * cached before the server sent it).
 */
export async function listMovies(idToken: string | null, signal?: AbortSignal, fresh = false): Promise<MovieList> {
  return apiRequest<{ movies: Movie[]; version?: number }>('/api/movies', {
    idToken,
    ...(signal ? { signal } : {}),
    ...(fresh ? { cache: 'no-cache' as const } : {}),
  });
}

/**
 * The list as the page asks for it: with the signed-in user's token when there is one, and if
 * that request cannot reach the server (offline), the service worker's last anonymous answer.
 */
export async function requestMovieList(fresh = false): Promise<MovieList> {
  const idToken = await getIdToken().catch(() => null);
  try {
    return await listMovies(idToken, undefined, fresh);
  } catch (error) {
    if (idToken && error instanceof ApiError && error.isNetworkFailure) return listMovies(null);
    throw error;
  }
}
