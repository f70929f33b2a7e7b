import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { routeConfigOf } from '../lib/route-config';
import { shouldLogRequest } from '../logging/request-log-policy';

/**
 * One log line per finished request (Fastify's own two lines, "incoming request" and "request
 * completed", are turned off in app.ts). LOG_REQUESTS chooses which requests: all, errors
 * (4xx/5xx), none, or sample:RATE of the successes plus every failure. The path is logged
 * without its query, which may carry codes or keys.
 */
export default fp(async function requestLog(app: FastifyInstance) {
  const policy = app.config.LOG_REQUESTS;
  if (policy.mode === 'none') return;
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    if (shouldLogRequest(policy, status)) {
      const queryAt = request.url.indexOf('?');
      // The server's logger with the request's id, as the request's own logger would write it
      // (pino puts a child's bindings first): that logger is then never made for a request
      // that logs nothing else.
      app.log.info(
        {
          reqId: request.id,
          method: request.method,
          path: queryAt === -1 ? request.url : request.url.slice(0, queryAt),
          route: routeConfigOf(request).url,
          status,
          ms: Math.round(reply.elapsedTime * 100) / 100,
        },
        'request',
      );
    }
    done();
  });
});
