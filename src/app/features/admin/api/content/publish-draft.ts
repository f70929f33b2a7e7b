import { adminRequest } from '../admin-request';
import { contentItemPath } from './content-item';
import type { PublishingState, PublishingKind } from './publishing-types';

export const publishDraft = (kind: PublishingKind, id: string, version: number) =>
  adminRequest<PublishingState>(`${contentItemPath(kind, id)}/publish`, { method: 'POST', body: { version } });
