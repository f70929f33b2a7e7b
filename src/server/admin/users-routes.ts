import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userDetailsSchema, userIdSchema, usersPageSchema, usersQuerySchema } from '../../common/admin-schemas';
import { errorResponse } from '../platform/lib/schemas';
import { actorOf, adminChangeOnly, adminOnly } from './guards';
import { usersService } from './users-service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };
const uidParams = z.object({ uid: userIdSchema });

/** User administration for admins: search, details, disable/enable, end sessions, delete (each change: a recent sign-in). */
const usersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = usersService(app.database.db, app.database.engine, (events) => app.live.announce(events));

  app.get(
    '/api/admin/users',
    { ...adminOnly, schema: { querystring: usersQuerySchema, response: { 200: usersPageSchema, ...errors } } },
    async (request) => {
      const { email, after, limit } = request.query;
      const found = await users.search(email || undefined, after, limit + 1);
      const page = found.slice(0, limit);
      return { users: page, next: found.length > limit ? page.at(-1)!.email : null };
    },
  );

  app.get(
    '/api/admin/users/:uid',
    { ...adminOnly, schema: { params: uidParams, response: { 200: userDetailsSchema, ...errors } } },
    async (request) => users.details(request.params.uid),
  );

  for (const disabled of [true, false]) {
    app.post(
      `/api/admin/users/:uid/${disabled ? 'disable' : 'enable'}`,
      { ...adminChangeOnly, schema: { params: uidParams, response: { 200: userDetailsSchema, ...errors } } },
      async (request) => users.setDisabled(actorOf(request), request.params.uid, disabled),
    );
  }

  app.delete(
    '/api/admin/users/:uid/sessions',
    { ...adminChangeOnly, schema: { params: uidParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await users.endAllSessions(actorOf(request), request.params.uid);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/admin/users/:uid',
    { ...adminChangeOnly, schema: { params: uidParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await users.remove(actorOf(request), request.params.uid);
      return reply.status(204).send(null);
    },
  );
};

export default usersAdminRoutes;
