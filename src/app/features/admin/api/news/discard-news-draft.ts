import { adminRequest } from '../admin-request';
import { newsItemPath } from './news-types';

export const discardNewsDraft = (id: string, version: number) =>
  adminRequest<null>(`${newsItemPath(id)}/draft?version=${version}`, { method: 'DELETE' });
