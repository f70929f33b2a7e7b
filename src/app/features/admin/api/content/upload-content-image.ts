import type { ContentKind } from '../../../../../common/content-schemas';
import { adminRequest } from '../admin-request';
import { contentItemPath, type ContentItem } from './content-item';

/** Uploads take longer than a JSON call: a 5 MB photo on a slow connection. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** The file's bytes as the body; the server checks what they are, whatever the name or type says. */
export const uploadContentImage = (kind: ContentKind, id: string, version: number, file: Blob) =>
  adminRequest<ContentItem>(`${contentItemPath(kind, id)}/image?version=${version}`, {
    method: 'PUT',
    rawBody: { data: file, contentType: file.type.startsWith('image/') ? file.type : 'application/octet-stream' },
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
