import type { ContentKind } from '../../../../../common/content-schemas';
import type { ScheduleFailure } from '../../state/publishing-rules';
import { adminRequest } from '../admin-request';

/** A draft of the list: an item's unpublished changes, or a new item never published (its fields name it). */
export interface DraftMarker {
  itemId: string;
  version: number;
  updatedAt: string;
  scheduledAt: string | null;
  /** Its time came and the draft could not be published: why. */
  scheduleFailure: ScheduleFailure | null;
  fields: Record<string, unknown>;
}

/** Items with unpublished changes (a draft), and when each is scheduled. */
export const listDrafts = (kind: ContentKind) => adminRequest<{ items: DraftMarker[] }>(`/${kind}/drafts`);
