import type { InsightsReport } from '../../../../../common/insights-schemas';
import { adminRequest } from '../admin-request';

export const fetchInsights = (from: string, to: string) =>
  adminRequest<InsightsReport>(`/insights?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
