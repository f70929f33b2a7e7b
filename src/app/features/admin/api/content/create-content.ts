import type { ContentKind } from '../../../../../common/content-schemas';
import { adminRequest } from '../admin-request';
import { type ContentItem } from './content-item';

export const createContent = (kind: ContentKind, input: Record<string, unknown>) =>
  adminRequest<ContentItem>(`/${kind}`, { method: 'POST', body: input });
