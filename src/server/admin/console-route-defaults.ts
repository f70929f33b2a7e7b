import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../platform/lib/http-error';
import { guardHook } from './guards';

/** Console requests per client address and minute: far above a person's pace. */
export const ADMIN_RATE_LIMIT = { max: 600, timeWindowMs: 60_000 } as const;

/**
 * What every plugin of /api/admin routes sets up first: the console's rate limit on each of its
 * routes (this onRoute hook must run before the rate-limit plugin's own), `no-store` on every
 * answer, so no browser or proxy keeps staff data, and the route's staff guard as its last
 * onRequest hook. `nameSpace` keeps the plugin's counters apart in Redis.
 *
 * The guard runs in onRequest, before Fastify reads the body (preValidation runs after it), and
 * after the rate limit, so anonymous floods are still counted. A console route declared without
 * a guard (staffOnly, adminOnly, adminChangeOnly) stops the server at start-up.
 */
export async function consoleRouteDefaults(app: FastifyInstance, nameSpace: string): Promise<void> {
  app.addHook('onRoute', (route) => {
    route.config = {
      ...route.config,
      rateLimit: {
        max: ADMIN_RATE_LIMIT.max,
        timeWindow: ADMIN_RATE_LIMIT.timeWindowMs,
        errorResponseBuilder: (_request, context) =>
          new HttpError(429, 'rate_limited', `Too many console requests from your address. Please try again in ${context.after}.`),
      },
    };
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  await app.register(rateLimit, { global: false, skipOnError: true, ...(app.redis ? { redis: app.redis, nameSpace } : {}) });
  // Added after the rate-limit plugin's onRoute hook, so the guard comes after its check.
  app.addHook('onRoute', (route) => {
    const guard = route.config?.consoleGuard;
    if (!guard) throw new Error(`The console route ${String(route.method)} ${route.url} has no staff guard (staffOnly or adminOnly).`);
    route.onRequest = [...[route.onRequest ?? []].flat(), guardHook(guard)];
  });
}
