import type { AdminMoviesPage } from '../../../../../common/admin-movie-schemas';
import { adminRequest } from '../admin-request';

/** Movie moderation (staff): search, edit, delete. */
export type MovieSort = 'newest' | 'title';

export function searchMovies(text: string, after: string | null, sort: MovieSort = 'newest', limit = 25): Promise<AdminMoviesPage> {
  const query = new URLSearchParams({ limit: String(limit), sort });
  if (text) query.set('q', text);
  if (after !== null) query.set('after', after);
  return adminRequest<AdminMoviesPage>(`/movies?${query.toString()}`);
}
