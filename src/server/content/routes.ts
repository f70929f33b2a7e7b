import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../platform/lib/http-error';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../../common/text-rules';
import { errorResponse } from '../platform/lib/schemas';
import type { ContentTopic } from '../platform/cache/content-version';
import { PREPARED_ROUTE } from '../platform/cache/prepared';
import { sendPreparedJson } from '../platform/cache/prepared-json';
import { cachedContent } from './cached-content';
import { CONTENT_CACHE_CONTROL } from '../platform/lib/http-cache';

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
 * The company content (services, core values, client reviews, the team; docs/site.md). Each
 * answer is prepared once per content version (serialised, tagged, compressed) and then sent
 * from memory; a 304 when the client already has it.
 */
const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = cachedContent(app);
  // Not async: while the prepared answer is current it is sent without a promise.
  const list = <T>(key: string, topic: ContentTopic, load: () => Promise<T>) =>
    function sendList(request: FastifyRequest, reply: FastifyReply) {
      return sendPreparedJson(app, request, reply, { key, topics: [topic], cacheControl: CONTENT_CACHE_CONTROL, load });
    };

  app.get(
    '/api/services',
    { ...PREPARED_ROUTE, schema: { response: { 200: z.array(service) } } },
    list('services', 'services', content.services),
  );
  app.get(
    '/api/core-values',
    { ...PREPARED_ROUTE, schema: { response: { 200: z.array(coreValue) } } },
    list('core-values', 'core-values', content.coreValues),
  );
  app.get(
    '/api/client-reviews',
    { ...PREPARED_ROUTE, schema: { response: { 200: z.array(clientReview) } } },
    list('client-reviews', 'client-reviews', content.clientReviews),
  );
  app.get(
    '/api/team-members',
    { ...PREPARED_ROUTE, schema: { response: { 200: z.array(teamMember) } } },
    list('team-members', 'team-members', content.teamMembers),
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
      const member = await content.teamMember(request.params.id);
      if (!member) throw notFound(`There is no team member with the id "${request.params.id}".`);
      // Only ids of existing members reach the cache, so its size is bounded by the team's.
      return sendPreparedJson(app, request, reply, {
        key: `team-member:${member.id}`,
        topics: ['team-members'],
        cacheControl: CONTENT_CACHE_CONTROL,
        load: async () => member,
      });
    },
  );
};

export default contentRoutes;
