import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSessionSchema,
  auditPageSchema,
  auditQuerySchema,
  roleSchema,
  settingsPatchSchema,
  settingsSchema,
  userIdSchema,
  userRolesSchema,
} from '../../common/admin-schemas';
import { auditRepository } from '../platform/audit/repository';
import type { AuditLogRow } from '../platform/db/schema';
import { cursorOf, encodeCursor } from '../platform/lib/cursor';
import { errorResponse } from '../platform/lib/schemas';
import contentImageAdminRoutes from './content-images-routes';
import contentAdminRoutes from './content-routes';
import moviesAdminRoutes from './movies-routes';
import usersAdminRoutes from './users-routes';
import { invitationsAdminRoutes } from './invitations-routes';
import { assertCanRequireTwoStep } from '../identity/index';
import { actorOf, adminChangeOnly, adminOnly, callerOf, staffOnly } from './guards';
import { consoleRouteDefaults } from './console-route-defaults';
import { rolesService } from './roles-service';

export { ADMIN_RATE_LIMIT } from './console-route-defaults';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };
const parse = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

function auditEntry(row: AuditLogRow, names: Map<string, string>) {
  return {
    id: row.id,
    at: row.at,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    itemType: row.item_type,
    itemId: row.item_id,
    before: parse(row.before_json),
    after: parse(row.after_json),
    actorName: row.actor_id ? (names.get(`user:${row.actor_id}`) ?? null) : null,
    itemLabel: row.item_id ? (names.get(`${row.item_type}:${row.item_id}`) ?? null) : null,
  };
}

/**
 * The staff console's API (/api/admin): roles, settings and the audit log. Anonymous callers
 * get 401, signed-in users without the role 403; roles are read from the database each time.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await consoleRouteDefaults(app, 'nw-rl-admin-');

  await app.register(contentAdminRoutes);
  await app.register(contentImageAdminRoutes);
  await app.register(usersAdminRoutes);
  await app.register(moviesAdminRoutes);
  await app.register(invitationsAdminRoutes);
  const roles = rolesService(app.database.db, app.database.engine, (events) => app.live.announce(events));

  app.get('/api/admin/session', { ...staffOnly, schema: { response: { 200: adminSessionSchema, ...errors } } }, async (request) => {
    const caller = callerOf(request);
    return { uid: caller.uid, email: caller.email, roles: caller.roles };
  });

  app.get('/api/admin/settings', { ...adminOnly, schema: { response: { 200: settingsSchema, ...errors } } }, async () => roles.settings());

  app.patch(
    '/api/admin/settings',
    {
      ...adminChangeOnly,
      schema: { body: settingsPatchSchema, response: { 200: settingsSchema, ...errors } },
    },
    async (request) => {
      const caller = callerOf(request);
      if (request.body.staffTwoStepRequired === true) await assertCanRequireTwoStep(app.database.db, caller.uid);
      return roles.updateSettings(actorOf(request), request.body);
    },
  );

  const roleParams = z.object({ uid: userIdSchema, role: roleSchema });
  for (const grant of [true, false]) {
    app.route({
      method: grant ? 'PUT' : 'DELETE',
      url: '/api/admin/users/:uid/roles/:role',
      ...adminChangeOnly,
      schema: { params: roleParams, response: { 200: userRolesSchema, ...errors } },
      handler: async (request) => {
        const actor = actorOf(request);
        const { uid, role } = request.params;
        const result = grant ? await roles.grant(actor, { id: uid }, role) : await roles.revoke(actor, { id: uid }, role);
        return { uid: result.userId, email: result.email, roles: result.roles };
      },
    });
  }

  app.get(
    '/api/admin/audit',
    { ...adminOnly, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema, ...errors } } },
    async (request) => {
      const { cursor, limit, ...filter } = request.query;
      const before = cursorOf(cursor);
      const audit = auditRepository(app.database.db);
      const rows = await audit.list({ ...filter, before, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const ids = (type: string) => page.filter((row) => row.item_type === type && row.item_id).map((row) => row.item_id!);
      const actors = page.flatMap((row) => (row.actor_id ? [row.actor_id] : []));
      const names = await audit.names([...actors, ...ids('user')], ids('support_message'));
      return {
        entries: page.map((row) => auditEntry(row, names)),
        next: rows.length > limit && last ? encodeCursor(last.at, last.id) : null,
      };
    },
  );
};

export default adminRoutes;
