import { apiRequest } from '../../../../common/api-client';
import type { ScheduleActivity } from '../../../../common/schedule-filter';

export interface ActivityDetail {
  activity: ScheduleActivity;
  track: { name: string; color: string };
}

export function getActivity(id: string, signal?: AbortSignal): Promise<ActivityDetail> {
  return apiRequest<ActivityDetail>(`/api/schedule/${encodeURIComponent(id)}`, { signal });
}
