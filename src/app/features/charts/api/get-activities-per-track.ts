import { apiRequest } from '../../../../common/api-client';
import type { LabelCount } from './types';

export function getActivitiesPerTrack(signal?: AbortSignal, fresh = false) {
  return apiRequest<{ tracks: (LabelCount & { color: string })[] }>('/api/stats/activities-per-track', {
    signal,
    ...(fresh ? { cache: 'no-cache' as const } : {}),
  });
}
