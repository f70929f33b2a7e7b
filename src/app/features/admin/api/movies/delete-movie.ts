import { adminRequest } from '../admin-request';

export const deleteMovie = (id: string) => adminRequest<null>(`/movies/${encodeURIComponent(id)}`, { method: 'DELETE' });
