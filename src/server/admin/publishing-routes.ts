import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storableText } from '../../common/text-rules';
import { rolesAllow } from '../../common/roles';
import { CONFLICT_MESSAGE } from '../../common/content-schemas';
import { errorResponse } from '../platform/lib/schemas';
import { type Draft, type PublishingService, publishingService, type VersionedCollection } from '../platform/publishing/index';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, callerOf, staffOnly } from './guards';
import { type PreviewResolver, previewLink, registerPreview } from './preview-routes';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };
const idParams = z.object({ id: z.string().min(1).max(120).check(storableText()) });
const draftVersion = z.number({ error: 'version is required.' }).int().min(0).max(1_000_000_000);
const fieldsSchema = z.record(z.string(), z.unknown());
const draftSchema = z.object({ version: z.number().int(), fields: fieldsSchema, updatedAt: z.string(), updatedBy: z.string().nullable() });
const failureSchema = z.object({ at: z.string(), reason: z.string() }).nullable();
const scheduleSchema = z.object({ itemId: z.string(), dueAt: z.string(), by: z.string().nullable(), failure: failureSchema });
const stateSchema = z.object({ published: fieldsSchema.nullable(), draft: draftSchema.nullable(), schedule: scheduleSchema.nullable() });
const conflictBody = errorResponse.extend({ current: draftSchema.nullable() });
/** Bringing back a deleted item needs an administrator (the collection's `restoreDeletedRole`). */
const isAdmin = (request: FastifyRequest) => rolesAllow(callerOf(request).roles, 'admin');
const revisionSchema = z.object({
  number: z.number().int(),
  action: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  fields: fieldsSchema,
});

/**
 * `POST BASE/drafts`: a new item as a first draft alone, under an id the server makes; nothing
 * public sees it until it is published. For collections that define `newItemId`.
 */
function registerNewItemRoute(app: FastifyInstance, service: PublishingService, collection: VersionedCollection, base: string) {
  app.withTypeProvider<ZodTypeProvider>().post(
    `${base}/drafts`,
    {
      ...staffOnly,
      schema: { body: collection.schema, response: { 201: z.object({ itemId: z.string(), draft: draftSchema }), ...errors } },
    },
    async (request, reply) => reply.status(201).send(await service.createDraft(actorOf(request), request.body as Record<string, unknown>)),
  );
}

export interface PublishingRouteOptions {
  /** The collection's console API, e.g. `/api/admin/services`. */
  base: string;
  /** Drafts of items not published yet (a new article): otherwise a draft needs a published item. */
  newItems?: boolean;
  /** The item's public page with a draft in it: adds Preview (`POST BASE/:id/preview-link`). */
  preview?: PreviewResolver;
}

/**
 * The console API of a versioned collection under `base` (docs/publishing.md): the draft, Publish,
 * Discard draft, History and Restore, Schedule. Staff only; restoring a deleted item needs the
 * collection's `restoreDeletedRole` (admin by default).
 */
export function publishingRoutes(collection: VersionedCollection, options: PublishingRouteOptions): FastifyPluginAsyncZod {
  const { base } = options;
  const draftBody = collection.schema.extend({ version: draftVersion, baseVersion: z.number().int().min(1).max(1_000_000_000).optional() });
  const conflict = (current: Draft | null) => ({ error: { code: 'conflict' as const, message: CONFLICT_MESSAGE }, current });

  return async (app) => {
    const service = publishingService(app, collection);
    const preview = options.preview;
    if (preview) {
      registerPreview(collection.name, preview);
      app.post(
        `${base}/:id/preview-link`,
        {
          ...staffOnly,
          schema: {
            params: idParams,
            body: z.object({}),
            response: { 200: z.object({ url: z.string(), expiresAt: z.string() }), ...errors },
          },
        },
        async (request) => previewLink(app, collection.name, request.params.id),
      );
    }

    if (collection.newItemId) registerNewItemRoute(app, service, collection, base);

    app.get(
      `${base}/drafts`,
      {
        ...staffOnly,
        schema: {
          response: {
            200: z.object({
              items: z.array(
                z.object({
                  itemId: z.string(),
                  version: z.number().int(),
                  updatedAt: z.string(),
                  scheduledAt: z.string().nullable(),
                  scheduleFailure: failureSchema,
                  fields: fieldsSchema,
                }),
              ),
            }),
            ...errors,
          },
        },
      },
      async () => ({ items: await service.pending() }),
    );

    app.get(
      `${base}/deleted`,
      {
        ...staffOnly,
        schema: {
          response: {
            200: z.object({ items: z.array(z.object({ itemId: z.string(), at: z.string(), fields: fieldsSchema })) }),
            ...errors,
          },
        },
      },
      async () => ({ items: await service.deleted() }),
    );

    app.get(
      `${base}/:id/draft`,
      { ...staffOnly, schema: { params: idParams, response: { 200: stateSchema, ...errors } } },
      async (request) => service.state(request.params.id),
    );

    app.put(
      `${base}/:id/draft`,
      {
        ...staffOnly,
        schema: { params: idParams, body: draftBody, response: { 200: z.object({ draft: draftSchema }), ...errors, 409: conflictBody } },
      },
      async (request, reply) => {
        const { version, baseVersion, ...fields } = request.body as { version: number; baseVersion?: number } & Record<string, unknown>;
        const result = await service.saveDraft(actorOf(request), request.params.id, version, fields, {
          newItems: options.newItems ?? false,
          baseVersion,
          isAdmin: isAdmin(request),
        });
        if (!result.ok) return reply.status(409).send(conflict(result.current));
        return { draft: result.draft! };
      },
    );

    app.delete(
      `${base}/:id/draft`,
      {
        ...staffOnly,
        schema: {
          params: idParams,
          querystring: z.object({ version: z.coerce.number().int().min(1) }),
          response: { 204: z.null(), ...errors, 409: conflictBody },
        },
      },
      async (request, reply) => {
        const result = await service.discardDraft(actorOf(request), request.params.id, request.query.version);
        if (!result.ok) return reply.status(409).send(conflict(result.current));
        return reply.status(204).send(null);
      },
    );

    app.post(
      `${base}/:id/publish`,
      {
        ...staffOnly,
        schema: {
          params: idParams,
          body: z.object({ version: draftVersion.min(1) }),
          response: { 200: stateSchema, ...errors, 409: conflictBody },
        },
      },
      async (request, reply) => {
        const result = await service.publish(actorOf(request), request.params.id, request.body.version, isAdmin(request));
        if (!result.ok) return reply.status(409).send(conflict(result.current));
        return service.state(request.params.id);
      },
    );

    app.get(
      `${base}/:id/history`,
      {
        ...staffOnly,
        schema: {
          params: idParams,
          response: { 200: z.object({ published: fieldsSchema.nullable(), revisions: z.array(revisionSchema) }), ...errors },
        },
      },
      async (request) => service.history(request.params.id),
    );

    app.post(
      `${base}/:id/history/:number/restore`,
      {
        ...staffOnly,
        schema: {
          params: idParams.extend({ number: z.coerce.number().int().min(1).max(1_000_000_000) }),
          body: z.object({}),
          response: { 200: z.object({ revision: z.number().int() }), ...errors },
        },
      },
      async (request) => ({
        revision: await service.restore(actorOf(request), request.params.id, request.params.number, isAdmin(request)),
      }),
    );

    app.put(
      `${base}/:id/schedule`,
      {
        ...staffOnly,
        schema: {
          params: idParams,
          body: z.object({ dueAt: z.iso.datetime({ offset: true, error: 'Enter a date and time.' }) }),
          response: { 200: scheduleSchema, ...errors },
        },
      },
      async (request) => service.schedule(actorOf(request), request.params.id, new Date(request.body.dueAt), { isAdmin: isAdmin(request) }),
    );

    app.delete(
      `${base}/:id/schedule`,
      { ...staffOnly, schema: { params: idParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await service.cancelSchedule(actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
