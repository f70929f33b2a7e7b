import type { InboxMessage } from '../../../../common/inbox-schemas';
import type { InboxFilter } from '../api/inbox/inbox-query';

/** Whether a message belongs in a filtered view (the server's rules, for live arrivals). */
export function matchesInboxFilter(message: InboxMessage, filter: InboxFilter): boolean {
  if (filter.status ? message.status !== filter.status : message.status === 'spam') return false;
  if (filter.assigneeId && message.assigneeId !== filter.assigneeId) return false;
  const q = filter.q.trim().toLowerCase();
  if (!q) return true;
  if (q.includes('@')) return message.email.toLowerCase().startsWith(q);
  return [message.name, message.email, message.subject ?? '', message.message].join(' ').toLowerCase().includes(q);
}

/**
 * A live event applied to the shown list: a new message that fits the view goes on top; a
 * changed one is replaced in place, or leaves the view when it no longer fits (e.g. marked spam).
 */
export function applyInboxChange(
  list: readonly InboxMessage[],
  kind: 'add' | 'update',
  message: InboxMessage,
  filter: InboxFilter,
): InboxMessage[] {
  const index = list.findIndex((item) => item.id === message.id);
  const fits = matchesInboxFilter(message, filter);
  if (index < 0) return kind === 'add' && fits ? [message, ...list] : [...list];
  if (!fits) return list.filter((item) => item.id !== message.id);
  return list.map((item) => (item.id === message.id ? message : item));
}
