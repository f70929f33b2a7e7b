import { getIdToken } from '../../../../lib/session/session-store';
import { inboxMessagePath } from './inbox-query';

/** Downloads a whole mail received in a conversation, as an .eml file (a plain link cannot carry the ID token). */
export async function downloadInboxMail(id: string, mailId: string): Promise<void> {
  const idToken = await getIdToken();
  const response = await fetch(`/api/admin${inboxMessagePath(id)}/mails/${encodeURIComponent(mailId)}`, {
    headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error('The mail could not be downloaded. Please try again.');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'mail.eml';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
