import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONFIG_FIRST_SCREENS, isAppPath, isSitePath, trimTrailingSlashes } from '../../../common/routes';
import { documentEnd, documentStart } from '../render/document';
import { PREPARED_ROUTE, type PreparedResponse, prepareResponse, sendPrepared } from '../cache/prepared';
import { newsRedirect } from '../../news/index';
import { cacheablePage, preparedPageKey, type ResolvedSitePage, resolveSitePage } from '../render/site-pages';
import type { SiteRenderer, SiteRenderModule } from '../render/site-renderer';
import { archiveAssets } from './asset-archive';
import { openerPolicyFor, sendIdentityError } from '../../identity/index';
import { previewPageRoutes } from '../../admin/index';
import { ISSUES_CSRF_COOKIE } from './csrf';
import { sendError } from './errors';
import { responseJsonSchema } from '../lib/response-schemas';
import { textResponse } from '../lib/schemas';

export interface ClientOptions {
  distDir: string;
  siteRenderer: SiteRenderer;
}

/** False for any path with a segment starting with a dot (`/.vite/manifest.json`, `/.env`). */
export function isPublicFile(pathName: string): boolean {
  return !pathName.split(/[\\/]/).some((segment) => segment.startsWith('.'));
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const HTML = 'text/html; charset=utf-8';
/** `crossorigin`: the app's `fetch` is a same-origin CORS request, which only such a preload matches. */
const CONFIG_PRELOAD = '</api/config>; rel=preload; as=fetch; crossorigin';
/** Pages are HTML written here (strings, prepared bytes or streams), declared rather than serialized. */
const PAGE_SCHEMA = { response: { 200: textResponse } };

/**
 * Serves both faces: the site's pages rendered on the server, the app's shell for its routes,
 * the built static files, and a redirect to `/` for any other page address.
 */
export default async function client(app: FastifyInstance, options: ClientOptions) {
  const clientDir = resolve(options.distDir, 'client');
  const indexFile = join(clientDir, 'index.html');

  // The static plugin's routes (marked `hide`) send files; they are declared as such, as every
  // route declares its answer. The schema is JSON Schema already: the app's hook that turns zod
  // into it has run by now.
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide === true && route.schema.response === undefined) {
      route.schema.response = { 200: responseJsonSchema(textResponse) };
    }
  });

  if (existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      // Hashed file names never change content: cache them for a year. Everything else
      // (service worker, manifest, icons) is revalidated so a deploy is seen at once.
      setHeaders: (reply, path) => {
        const hashed = /[\\/]assets[\\/]/.test(path);
        reply.header('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
        // A hashed file is never revalidated (immutable) and never read in ranges but a video:
        // its validators and Accept-Ranges would be bytes on every one of a screen's thirty files.
        if (hashed) {
          reply.removeHeader('ETag').removeHeader('Last-Modified');
          if (!/\.(mp4|webm)$/.test(path)) reply.removeHeader('Accept-Ranges');
        }
        // index.html is the app shell the service worker keeps: it opens sign-in popups.
        if (path.endsWith('.html')) reply.header('Cross-Origin-Opener-Policy', openerPolicyFor(path, HTML)!);
      },
      cacheControl: false,
      preCompressed: false,
      // Build bookkeeping (Vite's manifest names every source file) is for the server, not
      // the public: nothing under a dot-folder is served.
      allowedPath: (pathName) => isPublicFile(pathName),
    });
  }

  // Earlier builds' chunks for pages loaded before a rolling deploy (see asset-archive.ts).
  const archiveDir = app.config.ASSET_ARCHIVE_DIR;
  if (archiveDir) {
    const { copied, removed } = archiveAssets(join(clientDir, 'assets'), resolve(archiveDir));
    app.log.debug({ copied, removed }, 'asset archive updated');
    await app.register(fastifyStatic, {
      root: resolve(archiveDir),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply) => reply.header('Cache-Control', IMMUTABLE),
    });
  }

  let appShell: string | undefined;
  const readAppShell = () => {
    // Read per request in development so rebuilds show up; cached otherwise.
    if (appShell && app.config.NODE_ENV === 'production') return appShell;
    appShell = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    return appShell;
  };

  /** The whole document of a site page as one string (for the page cache). */
  const renderDocument = async (module: SiteRenderModule, resolved: ResolvedSitePage): Promise<string> => {
    const body = await module.renderSite(resolved.data);
    const markup = new PassThrough();
    const chunks: Buffer[] = [];
    const done = new Promise<void>((resolve, reject) => {
      markup.on('data', (chunk: Buffer) => chunks.push(chunk));
      markup.on('end', resolve);
      markup.on('error', reject);
    });
    body.pipe(markup);
    await done;
    return (
      documentStart(resolved.head, options.siteRenderer.assets, app.config.publicUrl) +
      Buffer.concat(chunks).toString('utf8') +
      documentEnd(resolved.data, options.siteRenderer.assets, app.config.INSIGHTS === 'on' ? resolved.head.canonicalPath : null)
    );
  };

  // Drafts' previews: the same document, rendered with the content the preview chose, never cached.
  await app.register(previewPageRoutes(async (resolved) => renderDocument(await options.siteRenderer.module(), resolved)));

  /** Pages that differ per request (the contact form, an unknown member) stream as they render. */
  const streamPage = async (module: SiteRenderModule, resolved: ResolvedSitePage, reply: FastifyReply) => {
    const body = await module.renderSite(resolved.data);
    const stream = new PassThrough();
    stream.write(documentStart(resolved.head, options.siteRenderer.assets, app.config.publicUrl));
    const markup = new PassThrough();
    markup.on('data', (chunk) => stream.write(chunk));
    markup.on('end', () =>
      stream.end(
        documentEnd(resolved.data, options.siteRenderer.assets, app.config.INSIGHTS === 'on' ? resolved.head.canonicalPath : null),
      ),
    );
    markup.on('error', (error) => stream.destroy(error));
    body.pipe(markup);
    return reply.status(resolved.status).header('Cache-Control', 'no-cache').type(HTML).send(stream);
  };

  const renderSite = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    let module: SiteRenderModule;
    try {
      module = await options.siteRenderer.module();
    } catch {
      return sendError(reply, 503, 'unavailable', 'The site has not been built yet: run `npm run build`.');
    }
    // A published article that moved keeps its old address working, for people and search engines.
    const moved = await newsRedirect(app, path);
    if (moved) return reply.redirect(moved, 301);
    // Pages that are the same for every visitor are rendered once per content version and sent
    // from memory with their tag and compressed forms; nothing per visitor is in them (the
    // CSRF cookie travels in a header, set only when missing).
    const cacheable = await cacheablePage(app, path);
    if (cacheable) {
      const prepared = await app.contentChanges.cache.get(`page:${cacheable.key}`, cacheable.topics, async () => {
        const resolved = await resolveSitePage(app, path, {});
        if (!resolved) throw new Error(`no site page at ${path}`);
        return prepareResponse({
          body: await renderDocument(module, resolved),
          status: resolved.status,
          contentType: HTML,
          cacheControl: 'no-cache',
        });
      });
      sendPrepared(request, reply, prepared);
      return reply;
    }
    const url = new URL(request.url, 'http://localhost');
    const resolved = await resolveSitePage(app, url.pathname, Object.fromEntries(url.searchParams));
    if (!resolved) return reply.redirect('/');
    return streamPage(module, resolved, reply);
  };

  /** Not async: a page already prepared and current goes out at once, without a promise. */
  const sitePage = (request: FastifyRequest, reply: FastifyReply) => {
    const queryAt = request.url.indexOf('?');
    const path = trimTrailingSlashes(queryAt === -1 ? request.url : request.url.slice(0, queryAt));
    const key = preparedPageKey(path);
    const ready = key === null ? undefined : app.contentChanges.cache.peek<PreparedResponse>(`page:${key}`);
    if (ready) {
      sendPrepared(request, reply, ready);
      return undefined;
    }
    return renderSite(request, reply, path);
  };

  const appShellFor = (path: string) => {
    const openerPolicy = openerPolicyFor(path, HTML)!;
    // The browser fetches the config as the document arrives, not a round trip after the app's
    // start has run: on a phone that round trip was most of Account's margin to its 2.0 s paint.
    // A shell the service worker answers has no such header, and the app asks as before.
    const preload = CONFIG_FIRST_SCREENS.includes(path) ? CONFIG_PRELOAD : undefined;
    return async (_request: FastifyRequest, reply: FastifyReply) => {
      const html = readAppShell();
      if (!html) return sendError(reply, 503, 'unavailable', 'The app has not been built yet: run `npm run build`.');
      if (preload) reply.header('Link', preload);
      return reply.header('Cache-Control', REVALIDATE).header('Cross-Origin-Opener-Policy', openerPolicy).type(HTML).send(html);
    };
  };

  // The site's pages need no inline style, so their policy leaves 'unsafe-inline' out.
  const siteHeaders = app.siteSecurityHeaders;
  const site = {
    schema: PAGE_SCHEMA,
    onRequest: (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      reply.headers(siteHeaders);
      done();
    },
  };
  // A page whose script can write hands out the CSRF cookie when it is missing: the contact page
  // and the app's shell below. The other site pages write nothing, so they carry no Set-Cookie
  // and stay the same bytes for every visitor; a write that follows elsewhere (the outbox
  // sending a message kept offline) asks /api/config for the token first (decision 0004).
  // The contact page streams and is compressed on the way; the others are prepared (compressed
  // once), except an unknown member's small 404 page, which goes uncompressed.
  for (const path of ['/', '/landing', '/about', '/team', '/team/:id', '/news/:slug'])
    app.get(path, { ...PREPARED_ROUTE, ...site }, sitePage);
  // The contact page and the paged news list (?page=N) are rendered per request.
  app.get('/support', { ...ISSUES_CSRF_COOKIE, ...site }, sitePage);
  app.get('/news', site, sitePage);

  for (const path of [
    '/app',
    '/app/*',
    '/account',
    '/login',
    '/signup',
    '/forgot-password',
    '/tutorial',
    '/home',
    '/movie-example',
    '/charts-and-graphs',
    '/video-example/:year',
    // The staff console (/admin/setup is the server's own page, a more specific route).
    '/admin',
    '/admin/*',
    // Where sign-in providers send the user back (not an app path of src/common/routes.ts, so
    // the service worker leaves it to the network and its opener policy, decision 0110).
    '/auth/handler',
  ]) {
    app.get(path, { ...ISSUES_CSRF_COOKIE, schema: PAGE_SCHEMA }, appShellFor(path));
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // The identity service has its own 404; a request can still fall through to this one (a
    // GET that names a Content-Type), and must get the Identity Toolkit body all the same.
    if (path === '/identity' || path.startsWith('/identity/')) {
      return sendIdentityError(reply, 404, `NOT_FOUND : No such endpoint: ${request.method} ${path}`);
    }
    if (path.startsWith('/api/') || path === '/api') {
      return sendError(reply, 404, 'not_found', `No such endpoint: ${request.method} ${path}`);
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && !isSitePath(path) && !isAppPath(path)) {
      const wantsPage = (request.headers.accept ?? '').includes('text/html') || !/\.[a-z0-9]+$/i.test(path);
      if (wantsPage) return reply.redirect('/');
    }
    return sendError(reply, 404, 'not_found', `Nothing at ${path}`);
  });
}
