import { apiRequest } from '../../../../common/api-client';
import type { Movie } from '../../../../common/movie-schema';

/** GET /api/movies/:title: one movie (the title is matched ignoring case). */
export async function getMovie(title: string, signal?: AbortSignal): Promise<Movie> {
  const { movie } = await apiRequest<{ movie: Movie }>(`/api/movies/${encodeURIComponent(title)}`, signal ? { signal } : {});
  return movie;
}
