import { adminRequest } from '../admin-request';
import { contentItemPath } from './content-item';
import type { PublishingState, PublishingKind } from './publishing-types';

/** `dueAt`: ISO 8601 with its offset; the server keeps it in UTC. */
export const scheduleDraft = (kind: PublishingKind, id: string, dueAt: string) =>
  adminRequest<NonNullable<PublishingState['schedule']>>(`${contentItemPath(kind, id)}/schedule`, { method: 'PUT', body: { dueAt } });
