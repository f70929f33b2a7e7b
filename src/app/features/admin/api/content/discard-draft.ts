import type { PublishingKind } from './publishing-types';
import { adminRequest } from '../admin-request';
import { contentItemPath } from './content-item';

export const discardDraft = (kind: PublishingKind, id: string, version: number) =>
  adminRequest<null>(`${contentItemPath(kind, id)}/draft?version=${version}`, { method: 'DELETE' });
