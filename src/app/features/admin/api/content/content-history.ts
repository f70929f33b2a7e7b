import { adminRequest } from '../admin-request';
import { contentItemPath } from './content-item';
import type { ContentRevision, PublishingKind } from './publishing-types';

export const contentHistory = (kind: PublishingKind, id: string) =>
  adminRequest<{ published: Record<string, unknown> | null; revisions: ContentRevision[] }>(`${contentItemPath(kind, id)}/history`);
