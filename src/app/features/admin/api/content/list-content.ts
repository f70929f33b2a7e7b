import type { ContentKind } from '../../../../../common/content-schemas';
import { adminRequest } from '../admin-request';
import { type ContentItem } from './content-item';

export const listContent = (kind: ContentKind) => adminRequest<{ items: ContentItem[] }>(`/${kind}`);
