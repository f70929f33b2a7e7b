import type { ContentImage } from '../../../../common/content-images';
import type { ContentKind } from '../../../../common/content-schemas';
import { adminRequest } from './admin-api';

/** A saved item as the console receives it. */
export type ContentItem = Record<string, unknown> & { id: string; position: number; version: number; image?: ContentImage | null };

/** Uploads take longer than a JSON call: a 5 MB photo on a slow connection. */
const UPLOAD_TIMEOUT_MS = 120_000;

export const listContent = (kind: ContentKind) => adminRequest<{ items: ContentItem[] }>(`/${kind}`);

export const createContent = (kind: ContentKind, input: Record<string, unknown>) =>
  adminRequest<ContentItem>(`/${kind}`, { method: 'POST', body: input });

export const saveContent = (kind: ContentKind, id: string, version: number, input: Record<string, unknown>) =>
  adminRequest<ContentItem>(`/${kind}/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...input, version } });

export const deleteContent = (kind: ContentKind, id: string, version: number) =>
  adminRequest<null>(`/${kind}/${encodeURIComponent(id)}?version=${version}`, { method: 'DELETE' });

export const reorderContent = (kind: ContentKind, ids: string[]) =>
  adminRequest<{ items: ContentItem[] }>(`/${kind}/order`, { method: 'PUT', body: { ids } });

/** The file's bytes as the body; the server checks what they are, whatever the name or type says. */
export const uploadContentImage = (kind: ContentKind, id: string, version: number, file: Blob) =>
  adminRequest<ContentItem>(`/${kind}/${encodeURIComponent(id)}/image?version=${version}`, {
    method: 'PUT',
    rawBody: { data: file, contentType: file.type.startsWith('image/') ? file.type : 'application/octet-stream' },
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });

export const removeContentImage = (kind: ContentKind, id: string, version: number) =>
  adminRequest<ContentItem>(`/${kind}/${encodeURIComponent(id)}/image?version=${version}`, { method: 'DELETE' });
