import type { NewsArticleFields } from '../../../../../common/news-schemas';
import type { ScheduleFailure } from '../../state/publishing-rules';

/** One article in the console's list: published ones and drafts never published. */
export interface NewsListItem {
  id: string;
  title: string;
  slug: string;
  published: boolean;
  publishedAt: string | null;
  hasDraft: boolean;
  scheduledAt: string | null;
  scheduleFailure: ScheduleFailure | null;
}

export interface NewsDraft {
  version: number;
  fields: NewsArticleFields;
  updatedAt: string;
  updatedBy: string | null;
}

/** An article's published fields, its draft and its schedule, as the publishing routes answer. */
export interface NewsState {
  published: NewsArticleFields | null;
  draft: NewsDraft | null;
  schedule: { itemId: string; dueAt: string; by: string | null; failure: ScheduleFailure | null } | null;
}

export const newsItemPath = (id: string) => `/news/${encodeURIComponent(id)}`;
