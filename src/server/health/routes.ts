import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../platform/lib/schemas';
import { ISSUES_CSRF_COOKIE } from '../platform/plugins/csrf';
import { notReadyReason, probe, type ReadinessChecks } from './readiness';

const probeResult = z.enum(['up', 'down', 'timeout']);
const readinessChecks = z.object({
  database: probeResult,
  redis: z.union([probeResult, z.literal('not_configured')]),
  draining: z.boolean(),
});

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

  // Liveness: the process answers. A balancer or supervisor restarts an instance that does not.
  app.get(
    '/api/health/live',
    { schema: { response: { 200: z.object({ status: z.literal('ok'), instance: z.string() }) } } },
    async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').send({ status: 'ok' as const, instance: app.lifecycle.instanceId }),
  );

  // Readiness: should this instance get new traffic? Not while draining, nor while a dependency fails.
  app.get(
    '/api/health/ready',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ready'), instance: z.string(), checks: readinessChecks }),
          503: errorResponse.extend({ status: z.literal('not_ready'), instance: z.string(), checks: readinessChecks }),
        },
      },
    },
    async (_request, reply) => {
      const redis = app.redis;
      const [database, redisResult] = await Promise.all([
        probe(async () => {
          await app.database.check();
          return true;
        }),
        redis ? probe(async () => (await redis.ping()) === 'PONG') : Promise.resolve('not_configured' as const),
      ]);
      const checks: ReadinessChecks = { database, redis: redisResult, draining: app.lifecycle.draining };
      const reason = notReadyReason(checks);
      reply.header('Cache-Control', 'no-store');
      const instance = app.lifecycle.instanceId;
      if (reason === null) return reply.send({ status: 'ready' as const, instance, checks });
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ error: { code: 'unavailable' as const, message: reason }, status: 'not_ready' as const, instance, checks });
    },
  );

  app.get(
    '/api/config',
    {
      // The API client fetches this before a write when it has no CSRF cookie yet.
      ...ISSUES_CSRF_COOKIE,
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
