import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PREPARED_ROUTE } from '../platform/cache/prepared';
import { sendPreparedJson } from '../platform/cache/prepared-json';
import { errorResponse } from '../platform/lib/schemas';
import { notFound } from '../platform/lib/http-error';
import { scheduleRepository } from './repository';
import { trackColor, tracksOf } from './tracks';

const activity = z.object({
  id: z.string(),
  name: z.string(),
  track: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  location: z.string(),
  description: z.string(),
  speaker: z.string().nullable(),
});
const track = z.object({ name: z.string(), color: z.string(), count: z.number().int() });

/** The Daily Activities schedule (read-only demo content). */
const schedule: FastifyPluginAsyncZod = async (app) => {
  const repository = scheduleRepository(app.database.db);
  /** The activities in order, read once per version of the schedule. */
  const activitiesById = () =>
    app.contentChanges.cache.get(
      'data:schedule',
      ['schedule'],
      async () => new Map((await repository.list()).map((activity) => [activity.id, activity])),
    );

  app.get(
    '/api/schedule',
    { ...PREPARED_ROUTE, schema: { response: { 200: z.object({ activities: z.array(activity), tracks: z.array(track) }) } } },
    // Not async: while the prepared answer is current it is sent without a promise.
    (request, reply) => {
      return sendPreparedJson(app, request, reply, {
        key: 'schedule',
        topics: ['schedule'],
        cacheControl: 'no-cache',
        load: async () => {
          const activities = await activitiesById();
          return { activities: [...activities.values()], tracks: tracksOf([...activities.values()]) };
        },
      });
    },
  );

  app.get(
    '/api/schedule/:id',
    {
      schema: {
        params: z.object({
          id: z
            .string()
            .min(1, 'is required')
            .max(80, 'must be at most 80 characters')
            .regex(/^[\w-]+$/, 'may contain only letters, digits, "-" and "_"'),
        }),
        response: { 200: z.object({ activity, track: track.omit({ count: true }) }), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const found = (await activitiesById()).get(request.params.id);
      if (!found) throw notFound(`No activity with id "${request.params.id}".`);
      return reply
        .header('Cache-Control', 'no-cache')
        .send({ activity: found, track: { name: found.track, color: trackColor(found.track) } });
    },
  );
};

export default schedule;
