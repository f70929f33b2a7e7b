import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendIdentityError } from '../../identity/index';
import { sendError } from './errors';

/**
 * Requests Fastify refuses before routing (a path whose percent-encoding is not UTF-8, such as
 * `/api/schedule/%FF`; an overlong path parameter) never reach a route, so neither the error
 * handlers nor the hooks that add the security headers see them. They are answered here in the
 * documented shapes (`/api`, the Identity Toolkit body, a redirect home for a page), with the
 * same security headers as every other response.
 */

/** Headers copied from an ordinary response: everything helmet and our own hooks add. */
const SECURITY_HEADER = /^(content-security-policy|cross-origin-|origin-agent-cluster|permissions-policy|referrer-policy|x-)/;

let securityHeaders: Promise<Record<string, string>> | undefined;

/** The security headers of an ordinary response, learnt once from a request the app answers itself. */
function learnSecurityHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  securityHeaders ??= app.inject({ method: 'GET', url: '/api/__security-headers' }).then((response) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (SECURITY_HEADER.test(name) && typeof value === 'string') headers[name] = value;
    }
    return headers;
  });
  return securityHeaders;
}

/** The raw path of a request target, without its query, for choosing the answer's shape. */
function rawPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  // An absolute-form target: keep only its path.
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(path) ? path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/' : path;
}

export async function answerFrameworkError(app: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  try {
    reply.headers(await learnSecurityHeaders(app));
  } catch (headerError) {
    request.log.warn({ err: headerError }, 'could not learn the security headers');
  }
  const path = rawPath(request.url);
  const message = 'The address is not valid: it contains a malformed percent-encoded character.';
  if (path === '/identity' || path.startsWith('/identity/')) {
    return sendIdentityError(reply, 400, `INVALID_ARGUMENT : ${message}`);
  }
  const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
  if (wantsPage && !path.startsWith('/api/')) return reply.redirect('/');
  return sendError(reply, 400, 'bad_request', message);
}
