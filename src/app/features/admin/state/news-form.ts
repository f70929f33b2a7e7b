import type { NewsArticleFields } from '../../../../common/news-schemas';
import { EMPTY_DOC } from '../../../../common/rich-text';

/** What a new article starts as. */
export const emptyArticle = (authorId = ''): NewsArticleFields => ({
  title: '',
  slug: '',
  summary: '',
  coverImageId: null,
  coverAlt: '',
  authorId,
  body: EMPTY_DOC,
  publishedAt: '',
});

/** An ISO moment as a datetime-local value in the browser's own time zone ("2026-11-26T16:05"). */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (iso === '' || Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local value (the staff member's time zone) as an ISO moment in UTC; '' stays ''. */
export function fromLocalInput(value: string): string {
  if (value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** Whether two versions of the form differ. */
export const sameArticle = (a: NewsArticleFields, b: NewsArticleFields) => JSON.stringify(a) === JSON.stringify(b);

/** A fresh article id: random, so two people starting articles at once never meet. */
export const newArticleId = () => globalThis.crypto.randomUUID();
