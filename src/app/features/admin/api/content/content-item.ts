import type { ContentImage } from '../../../../../common/content-images';

/** A saved item as the console receives it. */
export type ContentItem = Record<string, unknown> & { id: string; position: number; version: number; image?: ContentImage | null };

/** The address of one item of a kind, below /api/admin. */
export const contentItemPath = (kind: string, id: string) => `/${kind}/${encodeURIComponent(id)}`;
