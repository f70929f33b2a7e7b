import type { FastifyInstance } from 'fastify';

/** The change-bus channel that carries company-content changes to every instance. */
export const CONTENT_CHANNEL = 'content';

export interface ContentChange {
  /** services, core-values, client-reviews, team-members (or images). */
  kind: string;
  /** The item changed, or null when the whole list changed (reorder). */
  id: string | null;
}

/**
 * The one call after every committed content write (the staff console). Every instance hears
 * it through the change bus: caches of content, pages, JSON-LD and the sitemap subscribe to
 * CONTENT_CHANNEL and drop their copies. A bus failure is logged, never fails the write: the
 * change is in the database already.
 */
export async function contentChanged(app: FastifyInstance, change: ContentChange): Promise<void> {
  try {
    await app.changes.publish(CONTENT_CHANNEL, JSON.stringify(change));
  } catch (error) {
    app.log.warn({ err: error, change }, 'content change notice could not be published');
  }
}
