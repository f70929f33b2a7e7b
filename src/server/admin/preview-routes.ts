import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storableText } from '../../common/text-rules';
import { errorResponse, textResponse } from '../platform/lib/schemas';
import { forbidden, notFound, unauthenticated } from '../platform/lib/http-error';
import { type Fields, publishingService, versionedCollection } from '../platform/publishing/index';
import type { ResolvedSitePage } from '../platform/render/site-pages';
import { serverSecretsRepository } from '../platform/secrets/repository';
import { PREVIEW_LINK_MS, signPreviewToken, verifyPreviewToken } from './preview-links';

/** Renders the public page of an item with these (draft) fields, or null when it has none. */
export type PreviewResolver = (app: FastifyInstance, id: string, fields: Fields) => Promise<ResolvedSitePage | null>;

const resolvers = new Map<string, PreviewResolver>();

/** A collection's preview, registered with its publishing routes (`publishingRoutes(..., { preview })`). */
export function registerPreview(collection: string, resolver: PreviewResolver): void {
  resolvers.set(collection, resolver);
}

const previewKey = (app: FastifyInstance) => serverSecretsRepository(app.database.db).secret('preview-links');

/** A link that opens the item's preview for PREVIEW_LINK_MS, for whoever holds it (the console's frame). */
export async function previewLink(app: FastifyInstance, collection: string, id: string, nowMs = Date.now()) {
  const expiresMs = nowMs + PREVIEW_LINK_MS;
  const token = signPreviewToken(await previewKey(app), collection, id, expiresMs);
  const url = `/preview/${encodeURIComponent(collection)}/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
  return { url, expiresAt: new Date(expiresMs).toISOString() };
}

const segment = z.string().min(1).max(120).check(storableText());

/**
 * GET /preview/:collection/:id?token=...: the real server-rendered public page with the item's
 * draft in it (its published version when it has no draft). Only with a valid, unexpired link;
 * never stored by the browser, a proxy or the service worker (which leaves /preview to the
 * network), kept out of search engines, and shown only in frames of our own origin.
 */
export const previewPageRoutes =
  (render: (resolved: ResolvedSitePage) => Promise<string>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/preview/:collection/:id',
      {
        schema: {
          params: z.object({ collection: segment, id: segment }),
          querystring: z.object({ token: z.string().max(200).optional() }),
          response: { 200: textResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
        },
      },
      async (request, reply) => {
        const { collection: name, id } = request.params;
        reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
        const token = request.query.token;
        if (!token) throw unauthenticated('Open a preview from the staff console: this page needs its link.');
        if (!verifyPreviewToken(await previewKey(app), name, id, token)) {
          throw forbidden('This preview link is not valid or has expired: open the preview again from the staff console.');
        }
        const collection = versionedCollection(name);
        const resolve = resolvers.get(name);
        if (!collection || !resolve) throw notFound('There is no preview for this item.');
        const state = await publishingService(app, collection).state(id);
        const fields = state.draft?.fields ?? state.published;
        const resolved = fields ? await resolve(app, id, fields) : null;
        if (!resolved) throw notFound('There is no preview for this item.');
        const html = await render({ ...resolved, head: { ...resolved.head, robots: 'noindex' } });
        // The console shows the preview in a frame: our own origin may frame it, nobody else.
        const csp = app.siteSecurityHeaders['content-security-policy']!.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
        // A draft's page is the published page's kind: 200 (the item is in the content given).
        return reply
          .status(200)
          .header('content-security-policy', csp)
          .header('x-frame-options', 'SAMEORIGIN')
          .type('text/html; charset=utf-8')
          .send(html);
      },
    );
  };
