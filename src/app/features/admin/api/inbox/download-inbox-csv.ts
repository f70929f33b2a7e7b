import { getIdToken } from '../../../../lib/session/session-store';
import { type InboxFilter, inboxQuery } from './inbox-query';

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
