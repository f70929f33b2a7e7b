import type { InsightsNow } from '../../../../../common/insights-schemas';
import { adminRequest } from '../admin-request';

export const fetchInsightsNow = () => adminRequest<InsightsNow>('/insights/now');
