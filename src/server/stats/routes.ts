import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContentTopic } from '../platform/cache/content-version';
import { PREPARED_ROUTE } from '../platform/cache/prepared';
import { sendPreparedJson } from '../platform/cache/prepared-json';
import { z } from 'zod';
import { errorResponse } from '../platform/lib/schemas';
import { trackColor } from '../schedule/index';
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
 * Read-only aggregates for the charts, computed from the tables once per version of what they
 * count (and per day for the daily series) and then sent from memory: adding a movie or a
 * support message announces the change, so the next request counts again.
 */
const stats: FastifyPluginAsyncZod = async (app) => {
  const repository = statsRepository(app.database.db, app.database.engine);
  const today = (now: Date) => windowStart(now, 1);
  const send = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    topics: ContentTopic[],
    load: () => Promise<T>,
  ): Promise<void> => sendPreparedJson(app, request, reply, { key: `stats:${key}`, topics, cacheControl: 'no-cache', load });

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
    { ...PREPARED_ROUTE, schema: { response: { 200: z.object({ movies: z.number().int(), genres: z.array(labelCount) }) } } },
    async (request, reply) =>
      send(request, reply, 'movies-per-genre', ['movies'], async () => {
        const [genres, movies] = await Promise.all([repository.moviesPerGenre(), repository.movieCount()]);
        return { movies, genres: sortByCount(genres) };
      }),
  );

  app.get(
    '/api/stats/activities-per-track',
    { ...PREPARED_ROUTE, schema: { response: { 200: z.object({ tracks: z.array(labelCount.extend({ color: z.string() })) }) } } },
    async (request, reply) =>
      send(request, reply, 'activities-per-track', ['schedule'], async () => ({
        tracks: sortByCount(await repository.activitiesPerTrack()).map((row) => ({ ...row, color: trackColor(row.label) })),
      })),
  );

  app.get(
    '/api/stats/movies-added-per-day',
    { ...PREPARED_ROUTE, schema: { querystring: daysQuery, response: { 200: daySeries, 400: errorResponse } } },
    async (request, reply) => {
      const now = new Date();
      const { days } = request.query;
      return send(request, reply, `movies-added:${days}:${today(now)}`, ['movies'], async () =>
        series(await repository.moviesAddedPerDay(windowStart(now, days)), days, now),
      );
    },
  );

  app.get(
    '/api/stats/support-messages-per-day',
    { ...PREPARED_ROUTE, schema: { querystring: daysQuery, response: { 200: daySeries, 400: errorResponse } } },
    async (request, reply) => {
      const now = new Date();
      const { days } = request.query;
      return send(request, reply, `support-messages:${days}:${today(now)}`, ['support-messages'], async () =>
        series(await repository.supportMessagesPerDay(windowStart(now, days)), days, now),
      );
    },
  );
};

export default stats;
