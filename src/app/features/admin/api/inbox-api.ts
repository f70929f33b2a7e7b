import type {
  InboxMessage,
  InboxMessageDetail,
  InboxPage,
  InboxPreferences,
  InboxStatus,
  InboxSummary,
} from '../../../../common/inbox-schemas';
import { getIdToken } from '../../../lib/auth-session';
import { adminRequest } from './admin-api';

export interface InboxFilter {
  q: string;
  status: InboxStatus | '';
}

/** The query string of a filtered view (what the list and the CSV export share). */
export function inboxQuery(filter: InboxFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.status) params.set('status', filter.status);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const fetchInboxPage = (filter: InboxFilter, cursor: string | null) =>
  adminRequest<InboxPage>(`/inbox${inboxQuery(filter, cursor ? { cursor } : {})}`);

export const fetchInboxMessage = (id: string) => adminRequest<InboxMessageDetail>(`/inbox/${encodeURIComponent(id)}`);

export const sendInboxReply = (id: string, body: string) =>
  adminRequest<InboxMessageDetail>(`/inbox/${encodeURIComponent(id)}/replies`, { method: 'POST', body: { body } });

export const addInboxNote = (id: string, body: string) =>
  adminRequest<InboxMessageDetail>(`/inbox/${encodeURIComponent(id)}/notes`, { method: 'POST', body: { body } });

export const setInboxStatus = (id: string, status: InboxStatus) =>
  adminRequest<InboxMessageDetail>(`/inbox/${encodeURIComponent(id)}/status`, { method: 'PUT', body: { status } });

export const fetchInboxPreferences = () => adminRequest<InboxPreferences>('/inbox/preferences');

export const saveInboxPreferences = (preferences: InboxPreferences) =>
  adminRequest<InboxPreferences>('/inbox/preferences', { method: 'PUT', body: preferences });

/** Downloads the filtered view as CSV (a plain link cannot carry the ID token). */
export async function downloadInboxCsv(filter: InboxFilter): Promise<void> {
  const idToken = await getIdToken();
  const response = await fetch(`/api/admin/inbox/export.csv${inboxQuery(filter)}`, {
    headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error('The export could not be made. Please try again.');
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'inbox.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type InboxLiveEvent = { kind: 'add' | 'update'; message: InboxMessage } | { kind: 'reset' };

/** How many messages are new, and the newest few (the console's menu and home). */
export const fetchInboxSummary = () => adminRequest<InboxSummary>('/inbox/summary');
