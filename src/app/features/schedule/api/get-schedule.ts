import { apiRequest } from '../../../../common/api-client';
import type { Schedule } from '../../../../common/schedule-filter';

export function getSchedule(signal?: AbortSignal): Promise<Schedule> {
  return apiRequest<Schedule>('/api/schedule', { signal });
}
