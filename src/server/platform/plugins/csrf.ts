import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { XSRF_COOKIE, XSRF_HEADER } from '../../../common/api-client';
import { serverSecretsRepository } from '../secrets/repository';
import { cookieValue, csrfCookieHeader, isIssuedCsrfToken, issueCsrfToken, sameCsrfToken } from './csrf-token';
import { sendError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Route option of the answers that hand out the CSRF cookie when the visitor has no valid one:
 * HTML documents (a browser's first request) and `/api/config`, which the API client fetches
 * before a write when the cookie is missing (`ensureXsrfToken` in src/common/api-client.ts).
 * Other reads (JSON, files) do not need it, and a token is an HMAC plus a header each time.
 */
export const ISSUES_CSRF_COOKIE = { config: { issuesCsrfCookie: true } } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set the XSRF-TOKEN cookie on this route's answers when the request has no valid one. */
    issuesCsrfCookie?: boolean;
    /**
     * A write that cannot carry the header and acts for nobody's cookies: the inbound-mail webhook
     * (authenticated by its own secret) and the Insights beacon (navigator.sendBeacon, which
     * changes nothing of anyone's).
     */
    csrfExempt?: boolean;
  }
}

/**
 * Whether a request needs the CSRF header: a write to an `/api` route. Decided on the route the
 * router chose, never on the raw request target, which may be percent-encoded (`/%61pi/...`) or
 * in absolute form (`http://host/api/...`) and still reach the same handler.
 */
export function needsCsrfCheck(method: string, routeUrl: string | undefined, rawUrl: string): boolean {
  if (SAFE_METHODS.has(method)) return false;
  // No route matched (an unknown path): judge the decoded path, so the answer is still 403.
  return (routeUrl ?? decodedPath(rawUrl)).startsWith('/api/');
}

function decodedPath(rawUrl: string): string {
  try {
    return decodeURIComponent(new URL(rawUrl.slice(0, 2048), 'http://localhost').pathname);
  } catch {
    return rawUrl;
  }
}

/**
 * Double-submit CSRF token (decision 0004): a cookie the page's script can read and must
 * echo in the X-XSRF-TOKEN header on every non-GET /api request. Another site can send the
 * cookie but cannot read it, so it cannot forge the header. The token is signed by the server
 * (csrf-token.ts), so a cookie someone else planted does not count; it is replaced.
 *
 * Synchronous hooks only: a read of a route without ISSUES_CSRF_COOKIE costs a method lookup.
 */
export default fp(async function csrf(app: FastifyInstance) {
  const secret = await serverSecretsRepository(app.database.db).secret('csrf');

  const validCookie = (request: FastifyRequest): string | undefined => {
    // Read only where a token is needed: no cookie parsing on every request.
    const value = cookieValue(request.headers.cookie, XSRF_COOKIE);
    return isIssuedCsrfToken(secret, value) ? value : undefined;
  };
  const issue = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('set-cookie', csrfCookieHeader(issueCsrfToken(secret), request.protocol === 'https'));
  };

  // Issuance runs as a hook of the routes that ask for it, so other reads never look at it.
  const issueWhenMissing = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (SAFE_METHODS.has(request.method) && !validCookie(request)) issue(request, reply);
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.issuesCsrfCookie !== true) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), issueWhenMissing];
  });

  // The check of writes: a read costs one method lookup here.
  app.addHook('onRequest', (request, reply, done) => {
    const method = request.method;
    if (
      SAFE_METHODS.has(method) ||
      !needsCsrfCheck(method, request.routeOptions.url, request.url) ||
      request.routeOptions.config?.csrfExempt === true
    ) {
      done();
      return;
    }
    const existing = validCookie(request);
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    if (existing && typeof header === 'string' && sameCsrfToken(existing, header)) {
      done();
      return;
    }
    // A fresh token with the refusal, so the caller can read it and try again.
    if (!existing) issue(request, reply);
    void sendError(
      reply,
      403,
      'csrf_failed',
      `Missing or wrong ${XSRF_HEADER} header: send the value of the ${XSRF_COOKIE} cookie with every non-GET request.`,
    );
  });
});
