import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../lib/schemas';
import { trackColor } from '../schedule/tracks';
import { statsRepository } from './repository';
import { fillDays, sortByCount, windowStart } from './series';

export const MAX_DAYS = 366;

const labelCount = z.object({ label: z.string(), count: z.number().int() });
const dayCount = z.object({ date: z.string(), count: z.number().int() });
const daysQuery = z.object({
  days: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(MAX_DAYS, `must be at most ${MAX_DAYS}`)
    .default(30),
});
const daySeries = z.object({ from: z.string(), to: z.string(), total: z.number().int(), days: z.array(dayCount) });

/**
 * Read-only aggregates for the charts, always computed from the live tables (no cache: the
 * demo adds movies and support messages while you watch).
 */
const stats: FastifyPluginAsyncZod = async (app) => {
  const repository = statsRepository(app.database.db, app.database.engine);
  const noCache = { 'Cache-Control': 'no-cache' };

  const series = (rows: { date: string; count: number }[], days: number, now: Date) => {
    const filled = fillDays(rows, now, days);
    return {
      from: filled[0]!.date,
      to: filled.at(-1)!.date,
      total: filled.reduce((sum, day) => sum + day.count, 0),
      days: filled,
    };
  };

  app.get(
    '/api/stats/movies-per-genre',
    { schema: { response: { 200: z.object({ movies: z.number().int(), genres: z.array(labelCount) }) } } },
    async (_request, reply) => {
      const [genres, movies] = await Promise.all([repository.moviesPerGenre(), repository.movieCount()]);
      return reply.headers(noCache).send({ movies, genres: sortByCount(genres) });
    },
  );

  app.get(
    '/api/stats/activities-per-track',
    { schema: { response: { 200: z.object({ tracks: z.array(labelCount.extend({ color: z.string() })) }) } } },
    async (_request, reply) => {
      const tracks = sortByCount(await repository.activitiesPerTrack()).map((row) => ({ ...row, color: trackColor(row.label) }));
      return reply.headers(noCache).send({ tracks });
    },
  );

  app.get(
    '/api/stats/movies-added-per-day',
    { schema: { querystring: daysQuery, response: { 200: daySeries, 400: errorResponse } } },
    async (request, reply) => {
      const now = new Date();
      const rows = await repository.moviesAddedPerDay(windowStart(now, request.query.days));
      return reply.headers(noCache).send(series(rows, request.query.days, now));
    },
  );

  app.get(
    '/api/stats/support-messages-per-day',
    { schema: { querystring: daysQuery, response: { 200: daySeries, 400: errorResponse } } },
    async (request, reply) => {
      const now = new Date();
      const rows = await repository.supportMessagesPerDay(windowStart(now, request.query.days));
      return reply.headers(noCache).send(series(rows, request.query.days, now));
    },
  );
};

export default stats;
