import { adminRequest } from '../admin-request';

/** Records this visit of the movie list; answers the previous one (null on the first). */
export const recordMoviesVisit = () => adminRequest<{ lastVisitAt: string | null }>('/movies/visit', { method: 'POST' });
