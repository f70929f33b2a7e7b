import { apiRequest } from '../../../../common/api-client';
import type { LabelCount } from './types';

export function getMoviesPerGenre(signal?: AbortSignal, fresh = false) {
  return apiRequest<{ movies: number; genres: LabelCount[] }>('/api/stats/movies-per-genre', {
    signal,
    ...(fresh ? { cache: 'no-cache' as const } : {}),
  });
}
