import { apiRequest } from '../../../../common/api-client';
import type { Schedule } from '../../../../common/schedule-filter';

export function getSchedule(signal?: AbortSignal, fresh = false): Promise<Schedule> {
  return apiRequest<Schedule>('/api/schedule', { signal, ...(fresh ? { cache: 'no-cache' as const } : {}) });
}
