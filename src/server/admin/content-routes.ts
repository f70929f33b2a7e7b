import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentImageSchema } from '../../common/admin-content-images';
import { isImageKind } from '../../common/content-images';
import { storableText } from '../../common/text-rules';
import { CONFLICT_MESSAGE, CONTENT_INPUTS, CONTENT_KINDS, itemMeta, reorderInput, versionField } from '../../common/content-schemas';
import { contentChanged } from '../platform/cache/content-changes';
import { errorResponse } from '../platform/lib/schemas';
import { actorOf, callerOf, requireRecentSignIn, staffOnly } from './guards';
import { contentService } from './content-service';
import { CONTENT_COLLECTIONS, PREVIEW_PATHS } from './content-collections';
import { contentWithDraft } from './content-preview';
import { resolveSitePage } from '../platform/render/site-pages';
import { publishingRoutes } from './publishing-routes';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };
const idParams = z.object({ id: z.string().min(1).max(120).check(storableText()) });

/**
 * Company content for staff: /api/admin/{services,core-values,client-reviews,team-members}.
 * List, create, edit and delete with the version the editor started from, reorder. After
 * each committed write, contentChanged tells every instance.
 */
const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of CONTENT_KINDS) {
    const input = CONTENT_INPUTS[kind];
    const item = itemMeta.extend(input.shape).extend(isImageKind(kind) ? { image: contentImageSchema.nullable() } : {});
    const conflictBody = errorResponse.extend({ current: item.nullable() });
    const service = contentService(app.database.db, kind);
    const base = `/api/admin/${kind}`;
    // Drafts, Publish, History, Restore, Schedule (docs/publishing.md).
    await app.register(
      publishingRoutes(CONTENT_COLLECTIONS[kind], {
        base,
        preview: (server, id, fields) => resolveSitePage(server, PREVIEW_PATHS[kind](id), {}, contentWithDraft(server, kind, id, fields)),
      }),
    );

    app.get(base, { ...staffOnly, schema: { response: { 200: z.object({ items: z.array(item) }), ...errors } } }, async () => ({
      items: (await service.list()) as z.infer<typeof item>[],
    }));

    app.post(base, { ...staffOnly, schema: { body: input, response: { 201: item, ...errors } } }, async (request, reply) => {
      const created = await service.create(actorOf(request), request.body);
      await contentChanged(app, kind);
      return reply.status(201).send(created as z.infer<typeof item>);
    });

    app.put(
      `${base}/:id`,
      {
        ...staffOnly,
        schema: { params: idParams, body: input.extend(versionField.shape), response: { 200: item, ...errors, 409: conflictBody } },
      },
      async (request, reply) => {
        const { version, ...fields } = request.body;
        const result = await service.update(actorOf(request), request.params.id, version, fields);
        if (!result.ok) {
          return reply
            .status(409)
            .send({ error: { code: 'conflict', message: CONFLICT_MESSAGE }, current: result.current as z.infer<typeof item> });
        }
        await contentChanged(app, kind);
        return result.item as z.infer<typeof item>;
      },
    );

    app.delete(
      `${base}/:id`,
      {
        ...staffOnly,
        schema: {
          params: idParams,
          querystring: z.object({ version: z.coerce.number().int().min(1) }),
          response: { 204: z.null(), ...errors, 409: conflictBody },
        },
      },
      async (request, reply) => {
        // Deleting is destructive: a sign-in younger than 5 minutes.
        requireRecentSignIn(callerOf(request));
        const result = await service.remove(actorOf(request), request.params.id, request.query.version);
        if (!result.ok) {
          return reply
            .status(409)
            .send({ error: { code: 'conflict', message: CONFLICT_MESSAGE }, current: result.current as z.infer<typeof item> });
        }
        await contentChanged(app, kind);
        return reply.status(204).send(null);
      },
    );

    app.put(
      `${base}/order`,
      { ...staffOnly, schema: { body: reorderInput, response: { 200: z.object({ items: z.array(item) }), ...errors } } },
      async (request) => {
        const items = await service.reorder(actorOf(request), request.body.ids);
        await contentChanged(app, kind);
        return { items: items as z.infer<typeof item>[] };
      },
    );
  }
};

export default contentAdminRoutes;
