import type { FastifyInstance } from 'fastify';
import { contentChanged as announce } from '../cache/content-changes';
import type { ContentTopic } from '../cache/content-version';

export { CONTENT_CHANNEL } from '../cache/content-changes';

export interface ContentChange {
  /** services, core-values, client-reviews or team-members: the cache topic of the same name. */
  kind: Extract<ContentTopic, 'services' | 'core-values' | 'client-reviews' | 'team-members'>;
  /** The item changed, or null when the whole list changed (reorder). */
  id: string | null;
}

/**
 * The one call after every committed content write of the staff console: this instance drops
 * its prepared answers and pages built from that kind at once, every other instance when the
 * notice reaches it through the change bus (src/server/cache/content-changes.ts).
 */
export async function contentChanged(app: FastifyInstance, change: ContentChange): Promise<void> {
  await announce(app, change.kind);
}
