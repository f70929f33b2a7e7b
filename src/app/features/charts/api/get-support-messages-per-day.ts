import { apiRequest } from '../../../../common/api-client';
import type { DaySeries } from './types';

export function getSupportMessagesPerDay(days: number, signal?: AbortSignal) {
  return apiRequest<DaySeries>(`/api/stats/support-messages-per-day?days=${days}`, { signal });
}
