import { createHash } from 'node:crypto';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { THEME_INIT_SCRIPT } from '../../../common/theme';
import { isSubresourceUrl, subresourceHeaders } from '../lib/document-headers';
import csrf from './csrf';

/** CSP hash of the inline theme script, the only inline script either face has. */
export const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;

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
  // Helmet's headers do not depend on the request (no CSP nonces), so Helmet computes them once
  // and they are set as one block: run per request, its eleven middlewares cost more than
  // sending a prepared page. The build's scripts, styles and pictures get only the headers that
  // mean something on them (decision 0620).
  const securityHeaders = { ...(await helmetHeaders(helmetOptions(CSP_DIRECTIVES))), 'permissions-policy': PERMISSIONS_POLICY };
  const builtFileHeaders = subresourceHeaders(securityHeaders);
  const siteCsp = (await helmetHeaders(helmetOptions(SITE_CSP_DIRECTIVES)))['content-security-policy']!;
  app.decorate('siteSecurityHeaders', { 'content-security-policy': siteCsp });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isSubresourceUrl(request.url) ? builtFileHeaders : securityHeaders);
    done();
  });

  await app.register(csrf);
});

declare module 'fastify' {
  interface FastifyInstance {
    /** What a server-rendered site page sets over the app's security headers (no inline style). */
    siteSecurityHeaders: Record<string, string>;
  }
}
