import type { ContentKind } from '../../../../../common/content-schemas';
import { adminRequest } from '../admin-request';
import type { ContentDraft } from './publishing-types';

/** A new item as a first draft alone: the server picks its id; the site shows it once published. */
export const createDraftItem = (kind: ContentKind, input: Record<string, unknown>) =>
  adminRequest<{ itemId: string; draft: ContentDraft }>(`/${kind}/drafts`, { method: 'POST', body: input });
