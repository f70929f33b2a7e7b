import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMovieSchema,
  adminMoviesPageSchema,
  adminMoviesQuerySchema,
  movieEditSchema,
  movieIdParams,
  movieVisitSchema,
} from '../../common/admin-movie-schemas';
import { MOVIE_MESSAGES } from '../../common/movie-schema';
import { auditRepository } from '../platform/audit/repository';
import { contentChanged } from '../platform/cache/content-changes';
import { decodeCursor, encodeCursor } from '../platform/lib/cursor';
import { badRequest, conflict, notFound } from '../platform/lib/http-error';
import { errorResponse } from '../platform/lib/schemas';
import { type AlsoInTransaction, movieEditsRepository } from '../movies/index';
import { consoleVisitsRepository } from './console-visits-repository';
import { actorOf, callerOf, requireRecentSignIn, staffOnly } from './guards';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };
const GONE = 'This movie is no longer in the list: someone deleted it since you opened it.';

/**
 * Movie moderation for staff: search, edit (the rules of adding) and delete (recent sign-in).
 * Each write carries its audit entry and its live event in one transaction; after the commit the
 * cached lists are dropped on every instance and the open lists are told.
 */
const moviesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const movies = movieEditsRepository(app.database.db);
  const audited =
    (request: FastifyRequest, action: 'update' | 'delete'): AlsoInTransaction =>
    async (trx, before, after) => {
      // An edit that changed nothing is answered as any edit, but is not a change to record.
      if (after && JSON.stringify(after) === JSON.stringify(before)) return;
      await auditRepository(trx).record({
        actor: actorOf(request),
        action: `movie.${action}`,
        itemType: 'movie',
        itemId: before.id,
        before,
        after: after ?? undefined,
      });
    };

  app.get(
    '/api/admin/movies',
    { ...staffOnly, schema: { querystring: adminMoviesQuerySchema, response: { 200: adminMoviesPageSchema, ...errors } } },
    async (request) => {
      const { q, sort, after, limit } = request.query;
      const before = sort === 'newest' ? decodeCursor(after) : undefined;
      if (sort === 'newest' && after !== undefined && !before) {
        throw badRequest('That page cursor is not valid; start again from the first page.', { after: 'is not valid' });
      }
      const found = await movies.search({ text: q || undefined, sort, after, before, limit: limit + 1 });
      const page = found.slice(0, limit);
      const last = page.at(-1);
      const next = found.length > limit && last ? (sort === 'title' ? last.title : encodeCursor(last.createdAt, last.id)) : null;
      return { movies: page, next };
    },
  );

  // The movie list marks what was added since the staff member's last visit: remembered on the
  // server, per person, so it follows them from device to device.
  app.post('/api/admin/movies/visit', { ...staffOnly, schema: { response: { 200: movieVisitSchema, ...errors } } }, async (request) => ({
    lastVisitAt: await consoleVisitsRepository(app.database.db).visit(actorOf(request).id, 'movies', new Date().toISOString()),
  }));

  app.get(
    '/api/admin/movies/:id',
    { ...staffOnly, schema: { params: movieIdParams, response: { 200: adminMovieSchema, ...errors } } },
    async (request) => {
      const movie = await movies.findById(request.params.id);
      if (!movie) throw notFound(GONE);
      return movie;
    },
  );

  app.put(
    '/api/admin/movies/:id',
    { ...staffOnly, schema: { params: movieIdParams, body: movieEditSchema, response: { 200: adminMovieSchema, ...errors } } },
    async (request) => {
      const result = await movies.update(request.params.id, request.body, audited(request, 'update'));
      if (!result.ok && result.reason === 'missing') throw notFound(GONE);
      if (!result.ok) {
        throw conflict(`“${result.existingTitle}” is already in the list; choose another title.`, { title: MOVIE_MESSAGES.duplicate });
      }
      await contentChanged(app, 'movies');
      app.live.announce(result.events);
      return result.after;
    },
  );

  app.delete(
    '/api/admin/movies/:id',
    { ...staffOnly, schema: { params: movieIdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      // Deleting is destructive: a sign-in younger than 5 minutes.
      requireRecentSignIn(callerOf(request));
      const result = await movies.remove(request.params.id, audited(request, 'delete'));
      if (!result.ok) throw notFound(GONE);
      await contentChanged(app, 'movies');
      app.live.announce(result.events);
      return reply.status(204).send(null);
    },
  );
};

export default moviesAdminRoutes;
