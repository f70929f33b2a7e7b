import { apiRequest } from '../../../../common/api-client';
import type { Movie } from '../../../../common/movie-schema';

/**
 * GET /api/movies: every movie, sorted by title. The server does not need the token, but the
 * service worker serves anonymous API reads from its cache first (stale-while-revalidate) and
 * never caches a request that carries one; a signed-in user, who may just have added a movie,
 * always gets the list as it is now. `fresh` asks past that cache too (after a live change).
 */
export async function listMovies(idToken: string | null, signal?: AbortSignal, fresh = false): Promise<Movie[]> {
  const { movies } = await apiRequest<{ movies: Movie[] }>('/api/movies', {
    idToken,
    ...(signal ? { signal } : {}),
    ...(fresh ? { cache: 'no-cache' as const } : {}),
  });
  return movies;
}
