import type { ContentKind } from '../../../../../common/content-schemas';
import { adminRequest } from '../admin-request';
import { contentItemPath, type ContentItem } from './content-item';

export const saveContent = (kind: ContentKind, id: string, version: number, input: Record<string, unknown>) =>
  adminRequest<ContentItem>(contentItemPath(kind, id), { method: 'PUT', body: { ...input, version } });
