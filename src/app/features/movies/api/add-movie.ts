import { apiRequest } from '../../../../common/api-client';
import type { Movie, NewMovie } from '../../../../common/movie-schema';
import { IDEMPOTENCY_HEADER } from '../../../../common/support-limits';

/**
 * POST /api/movies as the signed-in user; throws ApiError (409 for a title already listed). The
 * idempotency key makes a resend of the same add (after a lost answer) store it once.
 */
export async function postMovie(movie: NewMovie, idToken: string | null, idempotencyKey?: string): Promise<Movie> {
  const response = await apiRequest<{ movie: Movie }>('/api/movies', {
    method: 'POST',
    body: movie,
    idToken,
    ...(idempotencyKey ? { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } } : {}),
  });
  return response.movie;
}
