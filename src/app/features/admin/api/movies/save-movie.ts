import type { AdminMovie } from '../../../../../common/admin-movie-schemas';
import type { NewMovie } from '../../../../../common/movie-schema';
import { adminRequest } from '../admin-request';

export const saveMovie = (id: string, movie: NewMovie) =>
  adminRequest<AdminMovie>(`/movies/${encodeURIComponent(id)}`, { method: 'PUT', body: movie });
