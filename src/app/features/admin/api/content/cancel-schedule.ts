import type { PublishingKind } from './publishing-types';
import { adminRequest } from '../admin-request';
import { contentItemPath } from './content-item';

export const cancelSchedule = (kind: PublishingKind, id: string) =>
  adminRequest<null>(`${contentItemPath(kind, id)}/schedule`, { method: 'DELETE' });
