import { apiRequest } from '../../../../common/api-client';
import type { Movie } from '../../../../common/movie-schema';

/**
 * GET /api/movies: every movie, sorted by title. The server does not need the token, but the
 * service worker serves anonymous API reads from its cache first (stale-while-revalidate) and
 * never caches a request that carries one; a signed-in user, who may just have added a movie,
 * always gets the list as it is now. `fresh` asks past that cache too (after a live change).
 * `version` is the live topic's version the list is at least as new as (absent from an answer
 * cached before the server sent it).
 */
export async function listMovies(
  idToken: string | null,
  signal?: AbortSignal,
  fresh = false,
): Promise<{ movies: Movie[]; version?: number | undefined }> {
  return apiRequest<{ movies: Movie[]; version?: number }>('/api/movies', {
    idToken,
    ...(signal ? { signal } : {}),
    ...(fresh ? { cache: 'no-cache' as const } : {}),
  });
}
