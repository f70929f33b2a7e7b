import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../lib/schemas';

const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('up'), engine: z.string() }),
          503: errorResponse,
        },
      },
    },
    async (_request, reply) => {
      const up = await app.database.ping();
      if (!up) {
        return reply
          .status(503)
          .header('Cache-Control', 'no-store')
          .send({ error: { code: 'unavailable' as const, message: 'The database is not reachable.' } });
      }
      return reply
        .header('Cache-Control', 'no-store')
        .send({ status: 'ok' as const, database: 'up' as const, engine: app.database.engine });
    },
  );

  app.get(
    '/api/config',
    {
      schema: {
        response: {
          200: z.object({
            apiKey: z.string(),
            authorizedDomains: z.array(z.string()),
            identityUrl: z.string(),
            /** Sign-in providers: id and button label only, never a client secret. */
            identityProviders: z.array(z.object({ providerId: z.string(), displayName: z.string() })),
            version: z.string(),
          }),
        },
      },
    },
    async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').send({
        apiKey: app.config.API_KEY,
        authorizedDomains: app.config.AUTHORIZED_DOMAINS,
        identityUrl: '/identity',
        identityProviders: app.identity.providers,
        version: process.env.APP_VERSION ?? 'dev',
      }),
  );
};

export default health;
