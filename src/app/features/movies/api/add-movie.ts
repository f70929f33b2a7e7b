import { apiRequest } from '../../../../common/api-client';
import type { Movie, NewMovie } from '../../../../common/movie-schema';

/** POST /api/movies as the signed-in user; throws ApiError (409 for a title already listed). */
export async function postMovie(movie: NewMovie, idToken: string | null): Promise<Movie> {
  const response = await apiRequest<{ movie: Movie }>('/api/movies', { method: 'POST', body: movie, idToken });
  return response.movie;
}
