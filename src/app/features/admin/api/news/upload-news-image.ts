import type { ContentImage } from '../../../../../common/content-images';
import { adminRequest } from '../admin-request';

const UPLOAD_TIMEOUT_MS = 120_000;

/** A cover or body picture: the file's bytes as the body; the server checks what they are. */
export const uploadNewsImage = (file: Blob) =>
  adminRequest<ContentImage>('/news/images', {
    method: 'POST',
    rawBody: { data: file, contentType: file.type.startsWith('image/') ? file.type : 'application/octet-stream' },
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
