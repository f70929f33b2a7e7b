import type { InboxStatus } from '../../../../../common/inbox-schemas';

export interface InboxFilter {
  q: string;
  status: InboxStatus | '';
  /** The signed-in staff member's id: only what is assigned to them ("Assigned to me"). */
  assigneeId?: string | null;
}

/** The query string of a filtered view (what the list and the CSV export share). */
export function inboxQuery(filter: InboxFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.status) params.set('status', filter.status);
  if (filter.assigneeId) params.set('assigned', 'me');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The address of one message, below /api/admin. */
export const inboxMessagePath = (id: string) => `/inbox/${encodeURIComponent(id)}`;
