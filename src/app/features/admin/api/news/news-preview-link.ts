import { adminRequest } from '../admin-request';
import { newsItemPath } from './news-types';

/** A short-lived link to the article's page with its draft in it (for the Preview frame). */
export const newsPreviewLink = (id: string) =>
  adminRequest<{ url: string; expiresAt: string }>(`${newsItemPath(id)}/preview-link`, { method: 'POST', body: {} });
