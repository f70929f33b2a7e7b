import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { XSRF_COOKIE, XSRF_HEADER } from '../../common/api-client';
import { THEME_INIT_SCRIPT } from '../../common/theme';
import { sendError } from './errors';

/** CSP hash of the inline theme script, the only inline script either face has. */
export const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export default fp(async function security(app: FastifyInstance) {
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", THEME_SCRIPT_HASH],
        // Ionic's web components set inline styles and inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // ionicons reads its inline SVG icons through data: URLs.
        connectSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The site is served over plain HTTP on localhost in development; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });

  // Double-submit CSRF token (spec 7): a random cookie the page's script can read and must echo
  // in the X-XSRF-TOKEN header on every non-GET /api request. Another site can send the cookie
  // but cannot read it, so it cannot forge the header.
  app.addHook('onRequest', async (request, reply) => {
    const existing = request.cookies[XSRF_COOKIE];
    if (!existing) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    if (!existing || typeof header !== 'string' || !sameToken(existing, header)) {
      return sendError(
        reply,
        403,
        'csrf_failed',
        `Missing or wrong ${XSRF_HEADER} header: send the value of the ${XSRF_COOKIE} cookie with every non-GET request.`,
      );
    }
  });
});
