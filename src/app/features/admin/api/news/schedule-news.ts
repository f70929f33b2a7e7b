import { adminRequest } from '../admin-request';
import { newsItemPath } from './news-types';

/** `dueAt`: an ISO 8601 moment (the console converts from the staff member's own time zone). */
export const scheduleNews = (id: string, dueAt: string) =>
  adminRequest<{ itemId: string; dueAt: string; by: string | null }>(`${newsItemPath(id)}/schedule`, { method: 'PUT', body: { dueAt } });
