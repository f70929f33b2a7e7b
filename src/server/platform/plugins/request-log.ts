import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
      request.log.info(
        {
          method: request.method,
          path: queryAt === -1 ? request.url : request.url.slice(0, queryAt),
          route: request.routeOptions.url,
          status,
          ms: Math.round(reply.elapsedTime * 100) / 100,
        },
        'request',
      );
    }
    done();
  });
});
