import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentImageSchema } from '../../common/admin-content-images';
import { IMAGE_KINDS, MAX_IMAGE_BYTES } from '../../common/content-images';
import { CONFLICT_MESSAGE, CONTENT_INPUTS, itemMeta } from '../../common/content-schemas';
import { storableText } from '../../common/text-rules';
import { actorOf, staffOnly } from './guards';
import { contentChanged } from '../platform/cache/content-changes';
import { errorResponse } from '../platform/lib/schemas';
import { prepareImage } from '../images/index';
import { imagesService } from './content-images-service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  413: errorResponse,
  415: errorResponse,
  429: errorResponse,
};
const params = z.object({ id: z.string().min(1).max(120).check(storableText()) });
const imageBody = z.instanceof(Buffer, {
  error: 'Send the image file itself as the body, with a Content-Type of image/jpeg, image/png or image/webp.',
});
const versionQuery = z.object({ version: z.coerce.number().int().min(1) });
/** Just over the largest image, so a 5 MB file is read and checked, and a larger one is cut short. */
const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;

/**
 * Pictures of services and team members: PUT the image's bytes as the body (any image/* type
 * or application/octet-stream: the bytes are checked, not the declared type), DELETE to remove.
 * Both name the item's version, like every other save.
 */
const contentImageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser(
    /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i,
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  for (const kind of IMAGE_KINDS) {
    const item = itemMeta.extend(CONTENT_INPUTS[kind].shape).extend({ image: contentImageSchema.nullable() });
    const responses = { 200: item, ...errors, 409: errorResponse.extend({ current: item.nullable() }) };
    const service = imagesService(app.database.db, kind);
    const url = `/api/admin/${kind}/:id/image`;
    const answer = async (result: Awaited<ReturnType<typeof service.set>>, reply: FastifyReply) => {
      if (!result.ok) {
        return reply
          .status(409)
          .send({ error: { code: 'conflict', message: CONFLICT_MESSAGE }, current: result.current as z.infer<typeof item> });
      }
      await contentChanged(app, kind);
      return reply.send(result.item as z.infer<typeof item>);
    };

    app.put(
      url,
      {
        ...staffOnly,
        bodyLimit: UPLOAD_BODY_LIMIT,
        schema: { params, querystring: versionQuery, body: imageBody, response: responses },
      },
      async (request, reply) => {
        // Checked and resized before the transaction: a refused file changes nothing.
        const image = await prepareImage(request.body);
        return answer(await service.set(actorOf(request), request.params.id, request.query.version, image), reply);
      },
    );

    app.delete(url, { ...staffOnly, schema: { params, querystring: versionQuery, response: responses } }, async (request, reply) =>
      answer(await service.set(actorOf(request), request.params.id, request.query.version, null), reply),
    );
  }
};

export default contentImageAdminRoutes;
