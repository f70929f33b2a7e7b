import { apiRequest } from '../../../../common/api-client';
import type { DaySeries } from './types';

export function getSupportMessagesPerDay(days: number, signal?: AbortSignal, fresh = false) {
  return apiRequest<DaySeries>(`/api/stats/support-messages-per-day?days=${days}`, {
    signal,
    ...(fresh ? { cache: 'no-cache' as const } : {}),
  });
}
