import type { AdminMovie, AdminMoviesPage } from '../../../../common/admin-movie-schemas';
import type { NewMovie } from '../../../../common/movie-schema';
import { adminRequest } from './admin-api';

/** Movie moderation (staff): search, edit, delete. */
export type MovieSort = 'newest' | 'title';

export function searchMovies(text: string, after: string | null, sort: MovieSort = 'newest', limit = 25): Promise<AdminMoviesPage> {
  const query = new URLSearchParams({ limit: String(limit), sort });
  if (text) query.set('q', text);
  if (after !== null) query.set('after', after);
  return adminRequest<AdminMoviesPage>(`/movies?${query.toString()}`);
}

export const saveMovie = (id: string, movie: NewMovie) =>
  adminRequest<AdminMovie>(`/movies/${encodeURIComponent(id)}`, { method: 'PUT', body: movie });
export const deleteMovie = (id: string) => adminRequest<null>(`/movies/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Records this visit of the movie list; answers the previous one (null on the first). */
export const recordMoviesVisit = () => adminRequest<{ lastVisitAt: string | null }>('/movies/visit', { method: 'POST' });
