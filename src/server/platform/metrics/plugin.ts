import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from '../plugins/errors';
import { routeConfigOf } from '../lib/route-config';
import { textResponse } from '../lib/schemas';
import { createInstruments, type Instruments, signInResult } from './instruments';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests, so neither the token's length nor its content leaks through timing. */
function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header || header.length > 512 || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(token));
}

const SIGN_IN = /:signIn(With[A-Za-z]+)$/;

function signInMethod(route: string | undefined): string | null {
  const match = route ? SIGN_IN.exec(route) : null;
  if (!match) return null;
  return match[1]!
    .slice('With'.length)
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/**
 * GET /metrics in the Prometheus text format, for a scraper holding METRICS_TOKEN (as
 * `Authorization: Bearer ...`). Without METRICS_TOKEN nothing is counted and there is no
 * /metrics. Request figures are labelled by the route pattern (`/api/team-members/:id`),
 * never the raw URL, so their number stays bounded.
 */
export default fp(async function metrics(app: FastifyInstance) {
  const token = app.config.METRICS_TOKEN;
  if (!token) {
    app.decorate('metrics', null);
    return;
  }
  const instruments = createInstruments(app.database);
  app.decorate('metrics', instruments);

  // One histogram child per method, route pattern and status, found again by a string key:
  // prom-client would otherwise hash the label object on every request. Bounded, as the labels.
  const durations = new Map<string, { observe(value: number): void }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeConfigOf(request).url ?? 'unmatched';
    const status = reply.statusCode;
    const key = `${request.method} ${status} ${route}`;
    let child = durations.get(key);
    if (!child) {
      child = instruments.requestDuration.labels(request.method, route, String(status));
      durations.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    if (status === 429) instruments.rateLimitRefusals.inc({ route });
    done();
  });

  // Sign-ins are counted from their answers, so the identity service stays unaware of metrics.
  // The hook is added to the sign-in routes only, not run on every response.
  const countSignIn = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const method = request.method === 'POST' ? signInMethod(request.routeOptions.url) : null;
    if (method) {
      const result = signInResult(reply.statusCode, typeof payload === 'string' ? payload : '');
      instruments.signIns.inc({ method, result });
      if (result === 'rate_limited') instruments.rateLimitRefusals.inc({ route: request.routeOptions.url ?? 'unmatched' });
    }
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!signInMethod(route.url)) return;
    route.onSend = [...[route.onSend ?? []].flat(), countSignIn];
  });

  app.get('/metrics', { schema: { response: { 200: textResponse } } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return sendError(reply, 401, 'unauthenticated', 'GET /metrics needs the header Authorization: Bearer <METRICS_TOKEN>.');
    }
    const body = await instruments.registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(instruments.registry.contentType).send(body);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus instruments when METRICS_TOKEN is set, else null (src/server/platform/metrics). */
    metrics: Instruments | null;
  }
}
