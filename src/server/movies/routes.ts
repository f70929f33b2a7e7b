import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Movie, MOVIE_MESSAGES, newMovieSchema, TITLE_MAX_LENGTH } from '../../common/movie-schema';
import { contentChanged } from '../platform/cache/content-changes';
import { PREPARED_ROUTE } from '../platform/cache/prepared';
import { sendPreparedJson } from '../platform/cache/prepared-json';
import { topicVersion } from '../changes/index';
import { type AuthUser, requireUser } from '../identity/index';
import { conflict, HttpError, notFound, unauthenticated } from '../platform/lib/http-error';
import { isStorableText } from '../../common/text-rules';
import { acceptOnce, idempotencyKeyOf } from '../platform/lib/idempotency';
import { errorResponse } from '../platform/lib/schemas';
import { type AddMovieResult, moviesRepository } from './repository';

/** Adds per client address and minute: plenty for a person, a wall for a script. */
export const MOVIE_ADD_RATE_LIMIT = { max: 30, timeWindowMs: 60_000 } as const;

const movie = z.object({ title: z.string(), genres: z.array(z.string()) });

/** Same title and genres: a retried add, not a different movie under a reused key. */
function sameMovie(a: Movie, b: Movie): boolean {
  return a.title === b.title && a.genres.length === b.genres.length && a.genres.every((genre, i) => genre === b.genres[i]);
}

/** The movie list: read by everyone, added to by signed-in users (docs/movies.md). */
const movieRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(app.redis ? { redis: app.redis, nameSpace: 'nw-rl-movies-' } : {}),
  });
  const movies = moviesRepository(app.database.db);
  app.decorateRequest('movieAuthor', null);

  /**
   * The list, prepared once per version of the movies (serialised, tagged, compressed) and
   * sent from memory; adding a movie announces the change to every instance. With ten
   * thousand movies, reading, sorting and serialising costs far more than sending.
   */
  app.get(
    '/api/movies',
    {
      ...PREPARED_ROUTE,
      // `version`: the live topic's version the list is at least as new as (docs/live-data.md).
      schema: { response: { 200: z.object({ movies: z.array(movie), version: z.number().int().nonnegative() }) } },
    },
    // Not async: while the prepared answer is current it is sent without a promise.
    (request, reply) => {
      return sendPreparedJson(app, request, reply, {
        key: 'movies',
        topics: ['movies'],
        // Revalidate every time (a movie added elsewhere must show up), but cheaply: 304 when unchanged.
        cacheControl: 'no-cache',
        load: async () => {
          const version = await topicVersion(app.database.db, 'movies');
          return { movies: await movies.list(), version };
        },
      });
    },
  );

  app.get(
    '/api/movies/:title',
    {
      schema: {
        params: z.object({
          title: z
            .string()
            .min(1, 'is required')
            .max(TITLE_MAX_LENGTH, { error: MOVIE_MESSAGES.titleTooLong, abort: true })
            .refine(isStorableText, MOVIE_MESSAGES.titleUnstorable),
        }),
        response: { 200: z.object({ movie }), 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const found = await movies.findByTitle(request.params.title.trim());
      if (!found) throw notFound(`No movie called “${request.params.title}” is in the list.`);
      return reply.header('Cache-Control', 'no-cache').send({ movie: found });
    },
  );

  app.post(
    '/api/movies',
    {
      config: {
        insightsEvent: { name: 'movie-added', page: '/app/tabs/home' },
        rateLimit: {
          max: MOVIE_ADD_RATE_LIMIT.max,
          timeWindow: MOVIE_ADD_RATE_LIMIT.timeWindowMs,
          hook: 'preHandler',
          errorResponseBuilder: (_request, context) =>
            new HttpError(429, 'rate_limited', `Too many movies added from your address. Please try again in ${context.after}.`),
        },
      },
      schema: {
        body: newMovieSchema,
        response: { 201: z.object({ movie }), 400: errorResponse, 401: errorResponse, 409: errorResponse, 429: errorResponse },
      },
      // Who is asking is checked before the body, so an anonymous caller learns nothing about it.
      preValidation: async (request) => {
        request.movieAuthor = await requireUser(request);
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const author = request.movieAuthor?.uid ?? null;
      const outcome = await acceptOnce<AddMovieResult>(key, {
        find: async (stored) => {
          const found = await movies.findByIdempotencyKey(stored);
          return found && { added: false, reason: 'stored-under-key', ...found };
        },
        insert: async () => {
          const added = await movies.add(request.body, author, key);
          return !added.added && added.reason === 'stored-under-key' ? null : added;
        },
        // A retry is the same add by the same person; anything else under that key is a client bug.
        same: (stored) =>
          stored.added || stored.reason !== 'stored-under-key' || (stored.createdBy === author && sameMovie(stored.movie, request.body)),
      });
      if ('conflict' in outcome) {
        throw conflict('This Idempotency-Key was already used for a different movie. Use a new key for a new movie.', {
          idempotencyKey: 'was already used for a different movie',
        });
      }
      const result = outcome.result;
      if (!result.added && result.reason === 'stored-under-key') {
        return reply
          .status(201)
          .header('Idempotent-Replayed', 'true')
          .header('Location', `/api/movies/${encodeURIComponent(result.movie.title)}`)
          .send({ movie: result.movie });
      }
      if (!result.added && result.reason === 'unknown-author')
        throw unauthenticated('Your account no longer exists. Please sign up again.');
      if (!result.added) {
        throw conflict(`“${result.existingTitle}” is already in the list; choose another title.`, { title: MOVIE_MESSAGES.duplicate });
      }
      await contentChanged(app, 'movies');
      app.live.announce(result.events);
      return reply
        .status(201)
        .header('Location', `/api/movies/${encodeURIComponent(result.movie.title)}`)
        .send({ movie: result.movie });
    },
  );
};

declare module 'fastify' {
  interface FastifyRequest {
    movieAuthor: AuthUser | null;
  }
}

export default movieRoutes;
