import { adminRequest } from '../admin-request';
import { newsItemPath, type NewsState } from './news-types';

export const publishNews = (id: string, version: number) =>
  adminRequest<NewsState>(`${newsItemPath(id)}/publish`, { method: 'POST', body: { version } });
