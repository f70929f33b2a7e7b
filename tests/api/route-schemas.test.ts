import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

/** Methods whose requests carry a body the handler reads (DELETE bodies are not read here). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Routes that take POST/PUT/PATCH but read no body: the action is in the path. A route added here
 * must not read `request.body`; every other write route declares a body schema.
 */
const NO_BODY = new Set([
  'POST /api/admin/users/:uid/disable',
  'POST /api/admin/users/:uid/enable',
  'POST /api/admin/movies/visit',
  'POST /api/admin/invitations/:id/resend',
  'PUT /api/admin/users/:uid/roles/:role',
]);

/**
 * The house rule "every route has request and response schemas", checked on the server's own
 * route table (every route any plugin registers), so a route added without them fails here.
 */
describe('route schemas', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: 'route-schemas-test-token-0123456789' } });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('every route declares its responses, and every write that reads a body declares the body', () => {
    const routes = server.app.registeredRoutes.filter((route) => route.method !== 'HEAD');
    expect(routes.map((route) => route.url)).toContain('/metrics');
    const withoutResponse = routes.filter((route) => route.schema?.response === undefined).map((route) => `${route.method} ${route.url}`);
    const withoutBody = routes
      .filter((route) => BODY_METHODS.has(route.method) && !NO_BODY.has(`${route.method} ${route.url}`))
      .filter((route) => route.schema?.body === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(withoutResponse).toEqual([]);
    expect(withoutBody).toEqual([]);
  });

  it('the routes said to read no body are still there (the list does not go stale)', () => {
    const registered = new Set(server.app.registeredRoutes.map((route) => `${route.method} ${route.url}`));
    expect([...NO_BODY].filter((route) => !registered.has(route))).toEqual([]);
  });
});
