import type { FastifyInstance } from 'fastify';
import type { ContentTopic } from './content-version';
import { type PreparedResponse, prepareResponse } from './prepared';

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON answer prepared once per version of its topics: `serialize` is the route's compiled
 * serializer (fast-json-stringify from its response schema), run once, not per request.
 */
export function preparedJson<T>(
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
