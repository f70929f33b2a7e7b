import type { PublishingKind } from './publishing-types';
import { adminRequest } from '../admin-request';
import { contentItemPath } from './content-item';

export const restoreRevision = (kind: PublishingKind, id: string, revision: number) =>
  adminRequest<{ revision: number }>(`${contentItemPath(kind, id)}/history/${revision}/restore`, { method: 'POST', body: {} });
