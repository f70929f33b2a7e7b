import { getIdToken } from '../../../../lib/session/session-store';
import { inboxMessagePath } from './inbox-query';

/** Downloads a kept attachment of a conversation (a plain link cannot carry the ID token). */
export async function downloadInboxAttachment(id: string, attachmentId: string, filename: string): Promise<void> {
  const idToken = await getIdToken();
  const response = await fetch(`/api/admin${inboxMessagePath(id)}/attachments/${encodeURIComponent(attachmentId)}`, {
    headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error('The attachment could not be downloaded. Please try again.');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
