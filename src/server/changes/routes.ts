import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { sessionTag } from '../../common/session-tag';
import { type AuthUser, requireUser } from '../identity/index';
import { badRequest, forbidden, HttpError, unauthenticated } from '../platform/lib/http-error';
import { errorResponse } from '../platform/lib/schemas';
import { LiveHub } from './hub';
import { createLiveData, type LiveData } from './live';
import { MAX_CURSOR_LENGTH, parseCursor, parseTopics } from './protocol';
import { changeLogRepository } from './repository';
import { StreamCaps } from './stream-caps';
import { type TopicDefinition, TopicRegistry } from './topics';

/** Streams per instance; past it a client is told to come back later (and tries another instance). */
export const MAX_STREAMS = 20_000;
/** A signed-in stream is re-opened this often, so an ended session stops receiving within it. */
export const SIGNED_IN_STREAM_MS = 10 * 60_000;

/**
 * GET /api/changes: the live change stream (Server-Sent Events, docs/live-data.md). Readable
 * topics only, checked like the REST routes; `Last-Event-ID` (or `since`) resumes.
 */
const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const registry = new TopicRegistry();
  const hub = new LiveHub(changeLogRepository(app.database.db), app.changes, app.log);
  const caps = new StreamCaps({ perAddress: app.config.LIVE_STREAMS_PER_ADDRESS, perAccount: app.config.LIVE_STREAMS_PER_ACCOUNT });
  app.decorate('live', createLiveData(app, registry));
  app.decorate('liveHub', hub);
  // Open streams would hold shutdown open; ending them lets clients resume elsewhere.
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/api/changes',
    {
      schema: {
        querystring: z.object({
          topics: z.string().max(300, 'is too long').default('movies'),
          since: z.string().max(MAX_CURSOR_LENGTH, 'is too long').optional(),
        }),
        response: { 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      const parsed = parseTopics(request.query.topics);
      if (!parsed.ok) throw badRequest(`Cannot open the change stream: ${parsed.reason}.`, { topics: parsed.reason });
      const user: AuthUser | null = request.headers.authorization ? await requireUser(request) : null;
      const topics = new Map<string, TopicDefinition>();
      for (const name of parsed.topics) {
        const definition = registry.get(name);
        if (!definition) throw badRequest(`There is no live topic called "${name}".`, { topics: `unknown topic ${name}` });
        if (!(await definition.canRead(user))) {
          throw user ? forbidden(`You may not read the ${name} topic.`) : unauthenticated(`You need to log in to follow ${name}.`);
        }
        topics.set(name, definition);
      }
      if (hub.size >= MAX_STREAMS) throw new HttpError(503, 'unavailable', 'Too many open streams on this server; try again shortly.');

      const header = request.headers['last-event-id'];
      const cursor = parseCursor(typeof header === 'string' ? header : request.query.since);
      const versions = new Map<string, number>();
      for (const name of topics.keys()) if (cursor.has(name)) versions.set(name, cursor.get(name)!);

      // Compares with the `sessions` events that end this account's streams (decision 0910).
      const tag = user ? await sessionTag(user.uid) : null;

      // Taken last, with no wait after it, and given back when the stream ends however it ends.
      const place = caps.take(request.ip, user?.uid ?? null);
      if (!place.ok) {
        throw new HttpError(
          429,
          'rate_limited',
          place.refusedBy === 'address'
            ? `Too many live streams from your address (at most ${place.limit} at once): close some tabs or windows and try again.`
            : `Too many live streams for your account (at most ${place.limit} at once): close some tabs or windows and try again.`,
        );
      }

      // From here on the socket is ours: no compression (it would hold frames back), no JSON reply.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      raw.flushHeaders();
      raw.socket?.setNoDelay(true);
      let open = true;
      let lifetime: NodeJS.Timeout | undefined;
      const client = {
        user,
        sessionTag: tag,
        topics,
        versions,
        pending: [],
        write: (frame: string) => {
          if (open) raw.write(frame);
        },
        buffered: () => raw.writableLength,
        end: () => {
          if (!open) return;
          open = false;
          clearTimeout(lifetime);
          place.release();
          hub.remove(client);
          raw.end();
        },
      };
      if (user) lifetime = setTimeout(client.end, SIGNED_IN_STREAM_MS).unref();
      request.raw.on('close', client.end);
      raw.on('close', client.end);
      raw.on('error', client.end);
      // A client gone before the listeners were attached would otherwise keep its place for ever.
      if (raw.socket?.destroyed) client.end();
      try {
        await hub.add(client);
      } catch (error) {
        request.log.warn({ err: error }, 'live: stream catch-up failed');
        client.end();
      }
    },
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The live stream's server side: topics and change announcements (src/server/changes). */
    live: LiveData;
    liveHub: LiveHub;
  }
}

export default fp(liveRoutes, { name: 'live' });
