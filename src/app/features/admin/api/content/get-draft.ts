import { adminRequest } from '../admin-request';
import { contentItemPath } from './content-item';
import type { PublishingState, PublishingKind } from './publishing-types';

export const getDraft = (kind: PublishingKind, id: string) => adminRequest<PublishingState>(`${contentItemPath(kind, id)}/draft`);
