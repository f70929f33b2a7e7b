import type { RouteOptions } from 'fastify';
import { z } from 'zod';

function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** The JSON Schema of a zod response schema, in the draft fast-json-stringify reads. */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/**
 * Routes declare their responses in zod (one language for types and schemas); before a route is
 * compiled, its response schemas become JSON Schema, so Fastify's own serializer
 * (fast-json-stringify) compiles each once. Responses are then written by generated code rather
 * than checked by a zod parse on every request. Input validation stays with zod.
 */
export function compileResponsesOnce(routeOptions: RouteOptions): void {
  const response = routeOptions.schema?.response as Record<string, unknown> | undefined;
  if (!response) return;
  for (const [status, schema] of Object.entries(response)) {
    if (isZodSchema(schema)) response[status] = responseJsonSchema(schema);
  }
}
