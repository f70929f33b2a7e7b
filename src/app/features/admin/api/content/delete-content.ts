import type { ContentKind } from '../../../../../common/content-schemas';
import { adminRequest } from '../admin-request';
import { contentItemPath } from './content-item';

export const deleteContent = (kind: ContentKind, id: string, version: number) =>
  adminRequest<null>(`${contentItemPath(kind, id)}?version=${version}`, { method: 'DELETE' });
