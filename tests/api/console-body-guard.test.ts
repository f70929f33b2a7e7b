import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partialRequest } from '../support/partial-request';
import { newPerson, type Person } from '../support/staff';
import { ONE_ENGINE, startTestServer, type TestServer } from '../support/test-server';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The console's guards (src/server/admin/guards.ts) run in onRequest, before Fastify reads the
 * body: an anonymous or unprivileged upload of a declared 5 MB is refused after its headers, so
 * twenty of them at once cost the server nothing, where each was read whole before.
 */
describe.each(ONE_ENGINE)('console guards answer before the body is read (%s)', (engine) => {
  let server: TestServer;
  let user: Person;
  let csrfHeaders: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    user = await newPerson(server, [], 'plain');
    await server.client.get('/api/config');
    const csrf = server.client.cookie('XSRF-TOKEN')!;
    csrfHeaders = { Cookie: `XSRF-TOKEN=${csrf}`, 'X-XSRF-TOKEN': csrf };
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const upload = (authorization: string | null) =>
    partialRequest(server, {
      method: 'PUT',
      path: '/api/admin/services/any-service/image?version=1',
      headers: { ...csrfHeaders, 'Content-Type': 'image/png', ...(authorization ? { Authorization: authorization } : {}) },
      contentLength: 5_000_000,
      firstBytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    });

  it('refuses 20 anonymous 5 MB image uploads at once with 401 while their bodies are still unsent', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(i % 2 === 0 ? null : 'Bearer not.a.token')));
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body.error?.code).toBe('unauthenticated');
    }
  });

  it('refuses 20 uploads of a signed-in user without the staff role at once with 403 the same way', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => upload(`Bearer ${user.idToken}`)));
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body.error?.code).toBe('forbidden');
    }
  });

  it('answers every console route with a body after its headers: 401 anonymous, 403 a plain user', async () => {
    const routes = server.app.registeredRoutes.filter((route) => route.url.startsWith('/api/admin/') && WRITE_METHODS.has(route.method));
    // A guard against the catalogue silently emptying: content, images, users, roles, movies, inbox, settings.
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    await Promise.all(
      routes.map(async (route) => {
        const image = route.url.endsWith('/image');
        const path = route.url.replace(':role', 'staff').replace(/:[A-Za-z]+/g, 'x');
        for (const [authorization, expected] of [
          [null, 401],
          [`Bearer ${user.idToken}`, 403],
        ] as const) {
          try {
            const answer = await partialRequest(server, {
              method: route.method,
              path,
              headers: {
                ...csrfHeaders,
                'Content-Type': image ? 'image/png' : 'application/json',
                ...(authorization ? { Authorization: authorization } : {}),
              },
              // Within each route's body limit (64 KB for JSON), so only the guard can answer early.
              contentLength: image ? 5_000_000 : 60_000,
              firstBytes: Buffer.from(image ? '\x89PNG' : '{"title":"'),
            });
            if (answer.status !== expected)
              failures.push(`${route.method} ${route.url} as ${authorization ? 'user' : 'anonymous'}: ${answer.status}`);
          } catch (error) {
            failures.push(String(error));
          }
        }
      }),
    );
    expect(failures).toEqual([]);
  });
});
