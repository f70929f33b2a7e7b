import { safeAttachmentFilename } from '../../../../../common/attachment-filename';
import type { InboxEvent } from '../../../../../common/inbox-schemas';
import { getIdToken } from '../../../../lib/session/session-store';
import { inboxMessagePath } from './inbox-query';

type Attachment = Pick<InboxEvent['attachments'][number], 'id' | 'filename' | 'contentType'>;

/**
 * Downloads a kept attachment of a conversation (a plain link cannot carry the ID token), saved
 * under a name whose extension says the kept type, never the sender's own (`invoice.svg` sent as
 * a PNG is saved as `invoice.png`).
 */
export async function downloadInboxAttachment(id: string, file: Attachment): Promise<void> {
  const idToken = await getIdToken();
  const response = await fetch(`/api/admin${inboxMessagePath(id)}/attachments/${encodeURIComponent(file.id)}`, {
    headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error('The attachment could not be downloaded. Please try again.');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = safeAttachmentFilename(file.filename, file.contentType);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
