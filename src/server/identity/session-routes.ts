import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { responseJsonSchema } from '../platform/lib/response-schemas';
import { SESSION_GRANT_KINDS, type SessionGrantKind } from './session-gate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An identity route whose answer can carry tokens names the grants of the session gate it
     * issues them under (decision 0113); start-up fails for one that does not.
     */
    sessionGrants?: readonly SessionGrantKind[];
  }
}

/** Field names that hand a client a credential to the account (both wire formats). */
export const TOKEN_FIELDS: readonly string[] = ['idToken', 'refreshToken', 'id_token', 'refresh_token', 'access_token'];

/** One identity route that answers tokens, as registered. */
export interface SessionRoute {
  method: string;
  url: string;
  grants: readonly SessionGrantKind[];
  tokenFields: readonly string[];
}

type JsonSchema = Record<string, unknown>;

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Pure: the token fields a response schema lets through, as the serializer will read it (JSON
 * Schema; a zod schema is converted first, as lib/response-schemas.ts does for every route).
 * Looks into properties, anyOf/oneOf/allOf, items and references. A part that can hold any key
 * (no type, additional or pattern properties) counts as carrying every token field: it cannot
 * be ruled out.
 */
export function tokenFieldsOf(schema: unknown): string[] {
  const root = schema instanceof z.ZodType ? responseJsonSchema(schema) : schema;
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const resolve = (ref: string): unknown =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .filter(Boolean)
      .reduce<unknown>((node, key) => (isSchema(node) ? node[key.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined), root);
  const walk = (node: unknown): void => {
    if (node === true) return TOKEN_FIELDS.forEach((field) => found.add(field));
    if (!isSchema(node) || seen.has(node)) return;
    seen.add(node);
    if (typeof node.$ref === 'string') return walk(resolve(node.$ref));
    const parts = ['anyOf', 'oneOf', 'allOf'].flatMap((key) => (Array.isArray(node[key]) ? (node[key] as unknown[]) : []));
    parts.forEach(walk);
    const types = [node.type].flat();
    const structural = parts.length > 0 || node.const !== undefined || Array.isArray(node.enum) || node.not !== undefined;
    if (node.type === undefined && !structural) return TOKEN_FIELDS.forEach((field) => found.add(field));
    if (types.includes('object')) {
      const properties = isSchema(node.properties) ? node.properties : {};
      for (const [key, value] of Object.entries(properties)) {
        if (TOKEN_FIELDS.includes(key)) found.add(key);
        walk(value);
      }
      const open = (node.additionalProperties !== undefined && node.additionalProperties !== false) || node.patternProperties !== undefined;
      if (open) TOKEN_FIELDS.forEach((field) => found.add(field));
    }
    if (types.includes('array')) [node.items, node.prefixItems].flat().forEach(walk);
  };
  walk(root);
  return TOKEN_FIELDS.filter((field) => found.has(field));
}

const routeName = (route: Pick<RouteOptions, 'method' | 'url'>) => `${[route.method].flat().join(',')} ${route.url.replaceAll('::', ':')}`;

/**
 * Pure: the rule every identity route is held to at registration. It must describe its answers
 * (a response schema), and one that can answer tokens must name the grants it issues them under;
 * a grant is a promise that the tokens come from the session gate.
 */
export function sessionRouteOf(route: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>): SessionRoute | undefined {
  const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
  if (Object.keys(responses).length === 0) {
    throw new Error(`Identity route ${routeName(route)} has no response schema: every identity route describes what it answers`);
  }
  const tokenFields = [...new Set(Object.values(responses).flatMap((schema) => tokenFieldsOf(schema)))];
  const grants = route.config?.sessionGrants ?? [];
  for (const grant of grants) {
    if (!SESSION_GRANT_KINDS.includes(grant)) throw new Error(`Identity route ${routeName(route)} names an unknown grant "${grant}"`);
  }
  if (tokenFields.length === 0) {
    if (grants.length > 0) throw new Error(`Identity route ${routeName(route)} names grants but answers no tokens`);
    return undefined;
  }
  if (grants.length === 0) {
    throw new Error(
      `Identity route ${routeName(route)} can answer ${tokenFields.join(', ')} but names no sessionGrants: ` +
        'issue tokens through ctx.issueSession (the second-factor gate, decision 0113) and declare the grants',
    );
  }
  return { method: [route.method].flat().join(','), url: route.url.replaceAll('::', ':'), grants, tokenFields };
}
