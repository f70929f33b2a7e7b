import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../lib/schemas';
import { notFound } from '../lib/http-error';
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

  app.get(
    '/api/schedule',
    { schema: { response: { 200: z.object({ activities: z.array(activity), tracks: z.array(track) }) } } },
    async (_request, reply) => {
      const activities = await repository.list();
      return reply.header('Cache-Control', 'no-cache').send({ activities, tracks: tracksOf(activities) });
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
      const found = await repository.find(request.params.id);
      if (!found) throw notFound(`No activity with id "${request.params.id}".`);
      return reply
        .header('Cache-Control', 'no-cache')
        .send({ activity: found, track: { name: found.track, color: trackColor(found.track) } });
    },
  );
};

export default schedule;
