import { adminRequest } from '../admin-request';
import { newsItemPath, type NewsState } from './news-types';

/** `dueAt`: an ISO 8601 moment (the console converts from the staff member's own time zone). */
export const scheduleNews = (id: string, dueAt: string) =>
  adminRequest<NonNullable<NewsState['schedule']>>(`${newsItemPath(id)}/schedule`, { method: 'PUT', body: { dueAt } });
