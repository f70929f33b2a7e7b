import type { FastifyContextConfig, FastifyRequest } from 'fastify';

export type RouteConfig = FastifyContextConfig & { url?: string; method?: string };

/** The symbol under which Fastify keeps a request's route context; looked up on the first request. */
let contextKey: symbol | null | undefined;

/**
 * The matched route's config (its `url` pattern included; none for an unmatched request), as
 * `request.routeOptions.config` gives it. `routeOptions` builds a new object of thirteen fields
 * at every read, and the hooks that run on every response (request log, metrics, Insights) each
 * read it: this reads the context Fastify keeps on the request instead, and falls back to
 * `routeOptions` should a Fastify version keep it elsewhere (route-config.test.ts compares both).
 */
export function routeConfigOf(request: FastifyRequest): RouteConfig {
  if (contextKey === undefined) {
    contextKey = Object.getOwnPropertySymbols(request).find((symbol) => symbol.description === 'fastify.context') ?? null;
  }
  const context = contextKey ? (request as unknown as Record<symbol, { config?: RouteConfig } | undefined>)[contextKey] : undefined;
  return context?.config ?? (request.routeOptions.config as RouteConfig);
}
