import type { ContentKind } from '../../../../../common/content-schemas';
import { adminRequest } from '../admin-request';
import { type ContentItem } from './content-item';

export const reorderContent = (kind: ContentKind, ids: string[]) =>
  adminRequest<{ items: ContentItem[] }>(`/${kind}/order`, { method: 'PUT', body: { ids } });
