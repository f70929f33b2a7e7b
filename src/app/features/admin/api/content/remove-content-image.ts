import type { ContentKind } from '../../../../../common/content-schemas';
import { adminRequest } from '../admin-request';
import { contentItemPath, type ContentItem } from './content-item';

export const removeContentImage = (kind: ContentKind, id: string, version: number) =>
  adminRequest<ContentItem>(`${contentItemPath(kind, id)}/image?version=${version}`, { method: 'DELETE' });
