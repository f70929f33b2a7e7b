import { createHash } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { XSRF_COOKIE, XSRF_HEADER } from '../../common/api-client';
import { THEME_INIT_SCRIPT } from '../../common/theme';
import { serverSecret } from '../secrets/repository';
import { isIssuedCsrfToken, issueCsrfToken, sameCsrfToken } from './csrf-token';
import { sendError } from './errors';

/** CSP hash of the inline theme script, the only inline script either face has. */
export const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
 * The Content Security Policy of the app face. Ionic's web components inject <style> elements
 * and set inline styles at run time, so the app shell needs `style-src 'unsafe-inline'`
 * (decision 0600); the site's pages do not, and get SITE_CSP_DIRECTIVES without it.
 */
export const CSP_DIRECTIVES = {
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
};

/** The site's server-rendered pages: no inline style at all. */
export const SITE_CSP_DIRECTIVES = { ...CSP_DIRECTIVES, styleSrc: ["'self'"] };

/**
 * Browser features no page of ours uses are switched off for every page and anything it embeds;
 * full screen (the video player) stays available to our own origin. Sharing (the movie list) is
 * left to its default, our own origin: Chromium does not know `web-share` in this header and
 * warns on every page that names it.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'fullscreen=(self)',
].join(', ');

function helmetOptions(directives: typeof CSP_DIRECTIVES): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    // The site is served over plain HTTP on localhost in development; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  };
}

/** The headers Helmet sets with these options, read once from a throwaway server. */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const skip = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name, value]) => !skip.has(name) && typeof value === 'string')
      .map(([name, value]) => [name, value as string]),
  );
}

export default fp(async function security(app: FastifyInstance) {
  await app.register(cookie);
  // Helmet's headers do not depend on the request (no CSP nonces), so Helmet computes them once
  // and they are set as one block: run per request, its eleven middlewares cost more than
  // sending a prepared page.
  const securityHeaders = { ...(await helmetHeaders(helmetOptions(CSP_DIRECTIVES))), 'permissions-policy': PERMISSIONS_POLICY };
  const siteCsp = (await helmetHeaders(helmetOptions(SITE_CSP_DIRECTIVES)))['content-security-policy']!;
  app.decorate('siteSecurityHeaders', { 'content-security-policy': siteCsp });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });

  // Double-submit CSRF token (spec 7): a cookie the page's script can read and must echo in the
  // X-XSRF-TOKEN header on every non-GET /api request. Another site can send the cookie but
  // cannot read it, so it cannot forge the header. The token is signed by the server (see
  // csrf-token.ts), so a cookie someone else planted does not count; it is replaced.
  const secret = await serverSecret(app.database.db, 'csrf');
  app.addHook('onRequest', async (request, reply) => {
    const cookieValue = request.cookies[XSRF_COOKIE];
    const existing = isIssuedCsrfToken(secret, cookieValue) ? cookieValue : undefined;
    if (!existing) {
      reply.setCookie(XSRF_COOKIE, issueCsrfToken(secret), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    if (!needsCsrfCheck(request.method, request.routeOptions.url, request.url)) return;
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    if (!existing || typeof header !== 'string' || !sameCsrfToken(existing, header)) {
      return sendError(
        reply,
        403,
        'csrf_failed',
        `Missing or wrong ${XSRF_HEADER} header: send the value of the ${XSRF_COOKIE} cookie with every non-GET request.`,
      );
    }
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** What a server-rendered site page sets over the app's security headers (no inline style). */
    siteSecurityHeaders: Record<string, string>;
  }
}
