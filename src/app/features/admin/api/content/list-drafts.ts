import type { ContentKind } from '../../../../../common/content-schemas';
import { adminRequest } from '../admin-request';

/** Items with unpublished changes (a draft), and when each is scheduled. */
export const listDrafts = (kind: ContentKind) =>
  adminRequest<{ items: { itemId: string; version: number; updatedAt: string; scheduledAt: string | null }[] }>(`/${kind}/drafts`);
