import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentTopic } from './content-version';
import { type PreparedResponse, prepareResponse, sendPrepared } from './prepared';

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON answer prepared once per version of its topics: `serialize` is the route's compiled
 * serializer (fast-json-stringify from its response schema), run once, not per request.
 */
function preparedJson<T>(
  app: FastifyInstance,
  options: {
    key: string;
    topics: readonly ContentTopic[];
    cacheControl: string;
    load: () => Promise<T>;
    serialize: (value: T) => string;
  },
): Promise<PreparedResponse> {
  return app.contentChanges.cache.get(`json:${options.key}`, options.topics, async () =>
    prepareResponse({ body: options.serialize(await options.load()), contentType: JSON_TYPE, cacheControl: options.cacheControl }),
  );
}

/**
 * Sends a route's JSON answer prepared once per version of its topics, serialized by the route's
 * own compiled serializer for its 200 answer; a 304 when the client already has it. While the
 * prepared answer is current it is sent at once and nothing is returned (the reply is sent);
 * otherwise a promise that settles once the built answer is sent.
 */
export function sendPreparedJson<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { key: string; topics: readonly ContentTopic[]; cacheControl: string; load: () => Promise<T> },
): Promise<void> | undefined {
  const ready = app.contentChanges.cache.peek<PreparedResponse>(`json:${options.key}`);
  if (ready) {
    sendPrepared(request, reply, ready);
    return undefined;
  }
  return preparedJson(app, { ...options, serialize: (value) => reply.serialize(value) as string }).then((prepared) => {
    sendPrepared(request, reply, prepared);
  });
}
