/** Response shapes of the /api/stats endpoints (see src/server/stats/routes.ts). */
export interface LabelCount {
  label: string;
  count: number;
}

export interface DaySeries {
  from: string;
  to: string;
  total: number;
  days: { date: string; count: number }[];
}
