import type { ContentKind } from '../../../../../common/content-schemas';
import type { ScheduleFailure } from '../../state/publishing-rules';
/** An item's draft as the console receives it (`version` is what the next save names). */
export interface ContentDraft {
  version: number;
  fields: Record<string, unknown>;
  updatedAt: string;
  updatedBy: string | null;
}

/** The published fields, the draft and the schedule of one item. */
export interface PublishingState {
  published: Record<string, unknown> | null;
  draft: ContentDraft | null;
  /** `failure`: its time came and the draft could not be published (why); it is not tried again. */
  schedule: { itemId: string; dueAt: string; by: string | null; failure: ScheduleFailure | null } | null;
}

export interface ContentRevision {
  number: number;
  action: string;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  fields: Record<string, unknown>;
}

/** A versioned collection's console address below /api/admin: the four lists, the site texts and the news. */
export type PublishingKind = ContentKind | 'site-texts' | 'news';

/** The collections whose edit pages keep their draft with `useDraft` (news has an editor of its own). */
export type DraftKind = ContentKind | 'site-texts';
