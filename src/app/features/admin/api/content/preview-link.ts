import type { PublishingKind } from './publishing-types';
import { adminRequest } from '../admin-request';
import { contentItemPath } from './content-item';

export const previewLink = (kind: PublishingKind, id: string) =>
  adminRequest<{ url: string; expiresAt: string }>(`${contentItemPath(kind, id)}/preview-link`, { method: 'POST', body: {} });
