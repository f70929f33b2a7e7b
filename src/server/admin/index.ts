import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StaffCaller } from './guards';
import adminRoutes from './routes';
import setupRoutes from './setup-routes';
import { invitationsPublicRoutes } from './invitations-routes';
import { staffTopicReader } from '../identity/index';
import { PUBLISHING_TOPIC } from '../platform/publishing/index';

// What the other features may use; everything else here is this feature's own.
export { consoleRouteDefaults } from './console-route-defaults';
export { actorOf, callerOf, staffDeleteOnly, staffOnly } from './guards';
export { publishingRoutes, type PublishingRouteOptions } from './publishing-routes';
export { type PreviewResolver, previewPageRoutes } from './preview-routes';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a console route's guard before its body is read. */
    staffCaller: StaffCaller | null;
  }
}

/**
 * The staff console's server side: /api/admin routes, the first-administrator page, and at
 * start-up, while no administrator exists, one log line with a one-time setup link.
 */
export default fp(
  async function admin(app: FastifyInstance) {
    app.decorateRequest('staffCaller', null);
    // "This item has a new draft / was published", for open consoles: the rule of the console's GET routes.
    app.live.registerTopic({
      name: PUBLISHING_TOPIC,
      canRead: staffTopicReader(app.database.db, (uid) => app.identity.rolesOf(uid)),
    });
    await app.register(adminRoutes);
    await app.register(setupRoutes);
    await app.register(invitationsPublicRoutes);
    app.addHook('onReady', async () => {
      try {
        const link = await app.identity.issueSetupLink();
        if (link)
          app.log.warn(`No administrator yet: create one within the hour at ${link} (single use; a new link is written at each start)`);
      } catch (error) {
        app.log.error({ err: error }, 'could not create the first-administrator setup link');
      }
    });
  },
  { name: 'admin', dependencies: ['identity'] },
);
