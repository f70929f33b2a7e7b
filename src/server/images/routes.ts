import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchesIfNoneMatch } from '../platform/lib/http-cache';
import { notFound } from '../platform/lib/http-error';
import { errorResponse } from '../platform/lib/schemas';
import { VARIANT_FILE } from './image-rules';
import { imagesRepository } from './images-repository';

/** A variant's address names its bytes' hash: it can never change, so caches keep it for a year. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The pictures of the site: GET /images/<sha256>.webp, read from the database (the store every
 * instance shares, decision 0802), with an ETag (the hash) and a year-long immutable lifetime.
 */
const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const images = imagesRepository(app.database.db);
  app.get(
    '/images/:file',
    { schema: { params: z.object({ file: z.string().max(80) }), response: { 200: z.any(), 304: z.null(), 404: errorResponse } } },
    async (request, reply) => {
      const hash = VARIANT_FILE.exec(request.params.file)?.[1];
      const variant = hash ? await images.variant(hash) : undefined;
      if (!hash || !variant) throw notFound('There is no image at this address.');
      const etag = `"${hash}"`;
      reply.header('Cache-Control', IMAGE_CACHE_CONTROL).header('ETag', etag);
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      return reply.type('image/webp').header('Content-Length', variant.byteSize).send(variant.data);
    },
  );
};

export default imageRoutes;
