import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema } from '../platform/lib/response-schemas';
import { sessionRouteOf, TOKEN_FIELDS, tokenFieldsOf } from './session-routes';

const session = z.object({ kind: z.string(), idToken: z.string(), refreshToken: z.string() });
const pending = z.object({ kind: z.string(), mfaPendingCredential: z.string() });

describe('tokenFieldsOf', () => {
  it('finds token fields in objects, unions, optional parts and arrays, in zod or in JSON Schema', () => {
    expect(tokenFieldsOf(session)).toEqual(['idToken', 'refreshToken']);
    expect(tokenFieldsOf(responseJsonSchema(z.union([pending, session])))).toEqual(['idToken', 'refreshToken']);
    expect(tokenFieldsOf(z.object({ users: z.array(z.object({ id_token: z.string().optional() })) }))).toEqual(['id_token']);
    expect(tokenFieldsOf(z.object({ inner: z.object({ refresh_token: z.string().nullable() }).optional() }))).toEqual(['refresh_token']);
  });

  it('finds none where none can be', () => {
    expect(tokenFieldsOf(pending)).toEqual([]);
    expect(tokenFieldsOf(z.object({ keys: z.array(z.object({ kid: z.string() })) }))).toEqual([]);
    expect(tokenFieldsOf(z.object({}))).toEqual([]);
  });

  it('counts a part that can hold any key as carrying every token field', () => {
    expect(tokenFieldsOf(z.record(z.string(), z.string()))).toEqual(TOKEN_FIELDS);
    expect(tokenFieldsOf(z.object({ data: z.unknown() }))).toEqual(TOKEN_FIELDS);
    expect(tokenFieldsOf(z.looseObject({ kind: z.string() }))).toEqual(TOKEN_FIELDS);
    expect(tokenFieldsOf({})).toEqual(TOKEN_FIELDS);
  });
});

describe('sessionRouteOf', () => {
  const route = (response: Record<string, unknown> | undefined, sessionGrants?: readonly string[]) =>
    ({
      method: 'POST',
      url: '/identity/v1/accounts::signInWithSomething',
      schema: response ? { response } : {},
      config: sessionGrants ? { sessionGrants } : {},
    }) as Parameters<typeof sessionRouteOf>[0];

  it('refuses a route that can answer tokens without naming its grants', () => {
    expect(() => sessionRouteOf(route({ 200: session }))).toThrow(
      /POST \/identity\/v1\/accounts:signInWithSomething can answer idToken, refreshToken but names no sessionGrants/,
    );
    expect(() => sessionRouteOf(route({ 200: pending, 201: session }))).toThrow(/names no sessionGrants/);
  });

  it('refuses a route without a response schema, an unknown grant, and grants on a token-free route', () => {
    expect(() => sessionRouteOf(route(undefined))).toThrow(/has no response schema/);
    expect(() => sessionRouteOf(route({ 200: session }, ['sign-in', 'trust-me']))).toThrow(/unknown grant "trust-me"/);
    expect(() => sessionRouteOf(route({ 200: pending }, ['sign-in']))).toThrow(/names grants but answers no tokens/);
  });

  it('lists a route that names its grants, and passes a token-free one', () => {
    expect(sessionRouteOf(route({ 200: z.union([session, pending]) }, ['sign-in']))).toEqual({
      method: 'POST',
      url: '/identity/v1/accounts:signInWithSomething',
      grants: ['sign-in'],
      tokenFields: ['idToken', 'refreshToken'],
    });
    expect(sessionRouteOf(route({ 200: pending }))).toBeUndefined();
  });
});
