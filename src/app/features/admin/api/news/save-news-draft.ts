import type { NewsArticleFields } from '../../../../../common/news-schemas';
import { adminRequest } from '../admin-request';
import { type NewsDraft, newsItemPath } from './news-types';

/** `version`: the draft's version the editor started from (0: there is none yet). */
export const saveNewsDraft = (id: string, version: number, fields: NewsArticleFields) =>
  adminRequest<{ draft: NewsDraft }>(`${newsItemPath(id)}/draft`, { method: 'PUT', body: { ...fields, version } });
