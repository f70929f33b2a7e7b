import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition, safeAttachmentFilename } from '../../common/attachment-filename';
import {
  inboxAssigneeSchema,
  inboxStaffSchema,
  newSavedReplySchema,
  savedRepliesSchema,
  savedReplySchema,
  inboxMessageDetailSchema,
  inboxNoteSchema,
  inboxPageSchema,
  inboxPreferencesSchema,
  inboxQuerySchema,
  inboxReplySchema,
  inboxStatusChangeSchema,
  INBOX_SUMMARY_LATEST,
  inboxSummarySchema,
} from '../../common/inbox-schemas';
import { storableText } from '../../common/text-rules';
import { actorOf, callerOf, consoleRouteDefaults, staffOnly } from '../admin/index';
import { cursorOf, encodeCursor } from '../platform/lib/cursor';
import { errorResponse } from '../platform/lib/schemas';
import { csvRow } from '../../common/csv';
import type { InboxService } from './inbox-service';
import { toInboxMessage } from './inbox-mappers';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };
const idParams = z.object({ id: z.string().min(1).max(64).check(storableText()) });
const exportQuery = inboxQuerySchema.omit({ cursor: true, limit: true, assigned: true });
const mailParams = idParams.extend({ mailId: z.string().min(1).max(64).check(storableText()) });
const attachmentParams = idParams.extend({ attachmentId: z.string().min(1).max(64).check(storableText()) });
const CSV_HEADER = ['id', 'date', 'status', 'name', 'email', 'subject', 'message'];
const EXPORT_BATCH = 500;

/** The Contact Us inbox for staff (/api/admin/inbox): list, search, one message, reply, notes, status, CSV. */
export function inboxRoutes(service: InboxService): FastifyPluginAsyncZod {
  return async (app) => {
    await consoleRouteDefaults(app, 'nw-rl-inbox-');

    app.get(
      '/api/admin/inbox',
      { ...staffOnly, schema: { querystring: inboxQuerySchema, response: { 200: inboxPageSchema, ...errors } } },
      async (request) => {
        const { cursor, limit, q, status, assigned } = request.query;
        const assigneeId = assigned === 'me' ? callerOf(request).uid : undefined;
        const rows = await service.list({ q, status, assigneeId, before: cursorOf(cursor), limit: limit + 1 });
        const page = rows.slice(0, limit);
        const last = page.at(-1);
        return { messages: page.map(toInboxMessage), next: rows.length > limit && last ? encodeCursor(last.date, last.id) : null };
      },
    );

    app.get(
      '/api/admin/inbox/export.csv',
      { ...staffOnly, schema: { querystring: exportQuery, response: { 200: z.unknown(), ...errors } } },
      async (request, reply) => {
        const { q, status } = request.query;
        // Pages of the same keyset query one after another: memory stays flat however many rows.
        async function* lines() {
          yield csvRow(CSV_HEADER);
          let before: { at: string; id: string } | undefined;
          for (;;) {
            const rows = await service.list({ q, status, before, limit: EXPORT_BATCH });
            for (const row of rows) yield csvRow([row.id, row.date, row.status, row.name, row.email, row.subject, row.message]);
            const last = rows.at(-1);
            if (rows.length < EXPORT_BATCH || !last) return;
            before = { at: last.date, id: last.id };
          }
        }
        const name = `inbox-${status ?? 'all'}-${new Date().toISOString().slice(0, 10)}.csv`;
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${name}"`)
          .send(Readable.from(lines()));
      },
    );

    app.get('/api/admin/inbox/summary', { ...staffOnly, schema: { response: { 200: inboxSummarySchema, ...errors } } }, async () => {
      const { newCount, latestNew } = await service.summary(INBOX_SUMMARY_LATEST);
      return { newCount, latestNew: latestNew.map(toInboxMessage) };
    });

    app.get(
      '/api/admin/inbox/preferences',
      { ...staffOnly, schema: { response: { 200: inboxPreferencesSchema, ...errors } } },
      async (request) => ({ notifyNewMessages: await service.preferences(callerOf(request).uid) }),
    );

    app.put(
      '/api/admin/inbox/preferences',
      { ...staffOnly, schema: { body: inboxPreferencesSchema, response: { 200: inboxPreferencesSchema, ...errors } } },
      async (request) => ({ notifyNewMessages: await service.setPreferences(actorOf(request), request.body.notifyNewMessages) }),
    );

    app.get('/api/admin/inbox/staff', { ...staffOnly, schema: { response: { 200: inboxStaffSchema, ...errors } } }, async () => ({
      staff: await service.staff(),
    }));

    app.get('/api/admin/inbox/saved-replies', { ...staffOnly, schema: { response: { 200: savedRepliesSchema, ...errors } } }, async () => ({
      replies: await service.savedReplies.list(),
    }));

    app.post(
      '/api/admin/inbox/saved-replies',
      { ...staffOnly, schema: { body: newSavedReplySchema, response: { 201: savedReplySchema, ...errors } } },
      async (request, reply) =>
        reply.status(201).send(await service.savedReplies.add(actorOf(request), request.body.title, request.body.body)),
    );

    app.delete(
      '/api/admin/inbox/saved-replies/:id',
      { ...staffOnly, schema: { params: idParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await service.savedReplies.remove(actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/api/admin/inbox/:id/assignee',
      { ...staffOnly, schema: { params: idParams, body: inboxAssigneeSchema, response: { 200: inboxMessageDetailSchema, ...errors } } },
      async (request) => service.assign(actorOf(request), request.params.id, request.body.assigneeId),
    );

    // A kept attachment (image or PDF only, see mail-rules.ts), as a download that is never run as a page.
    app.get(
      '/api/admin/inbox/:id/attachments/:attachmentId',
      { ...staffOnly, schema: { params: attachmentParams, response: { 200: z.unknown(), ...errors } } },
      async (request, reply) => {
        const file = await service.attachment(request.params.id, request.params.attachmentId);
        return reply
          .header('Content-Type', file.content_type)
          .header('Content-Disposition', attachmentDisposition(safeAttachmentFilename(file.filename, file.content_type)))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .send(Buffer.from(file.data, 'base64'));
      },
    );

    // The whole mail as received (headers, quoted history, every part), never shown as a page.
    app.get(
      '/api/admin/inbox/:id/mails/:mailId',
      { ...staffOnly, schema: { params: mailParams, response: { 200: z.unknown(), ...errors } } },
      async (request, reply) => {
        const raw = await service.inboundMail(request.params.id, request.params.mailId);
        return reply
          .header('Content-Type', 'message/rfc822')
          .header('Content-Disposition', 'attachment; filename="mail.eml"')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .send(raw);
      },
    );

    app.get(
      '/api/admin/inbox/:id',
      { ...staffOnly, schema: { params: idParams, response: { 200: inboxMessageDetailSchema, ...errors } } },
      async (request) => service.detail(request.params.id),
    );

    app.post(
      '/api/admin/inbox/:id/replies',
      { ...staffOnly, schema: { params: idParams, body: inboxReplySchema, response: { 201: inboxMessageDetailSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await service.reply(actorOf(request), request.params.id, request.body.body)),
    );

    app.post(
      '/api/admin/inbox/:id/notes',
      { ...staffOnly, schema: { params: idParams, body: inboxNoteSchema, response: { 201: inboxMessageDetailSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await service.note(actorOf(request), request.params.id, request.body.body)),
    );

    app.put(
      '/api/admin/inbox/:id/status',
      { ...staffOnly, schema: { params: idParams, body: inboxStatusChangeSchema, response: { 200: inboxMessageDetailSchema, ...errors } } },
      async (request) => service.setStatus(actorOf(request), request.params.id, request.body.status),
    );
  };
}
