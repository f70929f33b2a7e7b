import { adminRequest } from '../admin-request';
import { contentItemPath } from './content-item';
import type { ContentDraft, PublishingKind } from './publishing-types';

/** `version` 0 for the first draft since the last publish, with `baseVersion`, the published version the form opened on. */
export const saveDraft = (kind: PublishingKind, id: string, version: number, input: Record<string, unknown>, baseVersion?: number) =>
  adminRequest<{ draft: ContentDraft }>(`${contentItemPath(kind, id)}/draft`, {
    method: 'PUT',
    body: { ...input, version, ...(baseVersion !== undefined ? { baseVersion } : {}) },
  });
