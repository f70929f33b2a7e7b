import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../lib/http-error';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../../common/text-rules';
import { errorResponse } from '../lib/schemas';
import { listClientReviews } from './client-reviews-repository';
import { listCoreValues } from './core-values-repository';
import { CONTENT_CACHE_CONTROL, etagFor, matchesIfNoneMatch } from './http-cache';
import { listServices } from './services-repository';
import { findTeamMember, listTeamMembers } from './team-members-repository';

const service = z.object({ id: z.string(), title: z.string(), summary: z.string(), description: z.string(), icon: z.string() });
const coreValue = z.object({ id: z.string(), title: z.string(), description: z.string(), icon: z.string() });
const clientReview = z.object({
  id: z.string(),
  author: z.string(),
  role: z.string(),
  company: z.string(),
  quote: z.string(),
  rating: z.number().int().min(1).max(5),
});
const teamMember = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  bio: z.string(),
  email: z.string(),
  skills: z.array(z.string()),
  joinedYear: z.number().int(),
});

/**
 * Answers with the JSON body, its ETag and Cache-Control, or 304 when the client already has it.
 * The body is serialised here (not by Fastify) because the tag must be computed from it.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, value: unknown) {
  const body = JSON.stringify(value);
  const etag = etagFor(body);
  reply.header('ETag', etag).header('Cache-Control', CONTENT_CACHE_CONTROL);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply
    .type('application/json; charset=utf-8')
    .serializer((payload) => payload as string)
    .send(body);
}

/** The company content of spec 3 and 7 (Our_Services, Core_Values, Our_Clients, Our_Team). */
const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get('/api/services', { schema: { response: { 200: z.array(service) } } }, async (request, reply) =>
    sendCached(request, reply, await listServices(db)),
  );

  app.get('/api/core-values', { schema: { response: { 200: z.array(coreValue) } } }, async (request, reply) =>
    sendCached(request, reply, await listCoreValues(db)),
  );

  app.get('/api/client-reviews', { schema: { response: { 200: z.array(clientReview) } } }, async (request, reply) =>
    sendCached(request, reply, await listClientReviews(db)),
  );

  app.get('/api/team-members', { schema: { response: { 200: z.array(teamMember) } } }, async (request, reply) =>
    sendCached(request, reply, await listTeamMembers(db)),
  );

  app.get(
    '/api/team-members/:id',
    {
      schema: {
        params: z.object({
          id: z
            .string()
            .min(1)
            .max(80, { error: 'must be at most 80 characters', abort: true })
            .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE),
        }),
        response: { 200: teamMember, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const member = await findTeamMember(db, request.params.id);
      if (!member) throw notFound(`There is no team member with the id "${request.params.id}".`);
      return sendCached(request, reply, member);
    },
  );
};

export default contentRoutes;
