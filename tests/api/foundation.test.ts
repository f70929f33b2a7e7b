import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/server/platform/db/seed/index';
import { ONE_ENGINE, startTestServer, type TestServer } from '../support/test-server';

describe.each(ONE_ENGINE)('foundation on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      routes: (app) => {
        // Routes that exist only in this test, to exercise the central error handling.
        app
          .withTypeProvider<ZodTypeProvider>()
          .post(
            '/api/test-echo',
            { schema: { body: z.object({ name: z.string().min(1, 'is required'), age: z.number().int('must be a whole number') }) } },
            async (request) => ({ received: request.body }),
          );
        app.get('/api/test-crash', async () => {
          throw new Error('SELECT secret FROM internals failed at db.ts:42');
        });
      },
    });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('reports health with the database up', async () => {
    const response = await server.client.get<{ status: string; database: string; engine: string }>('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up', engine });
  });

  it('answers 503 with a JSON error when the database is gone', async () => {
    const other = await startTestServer({ engine });
    await other.database.close();
    const response = await other.client.get<{ error: { code: string } }>('/api/health');
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('unavailable');
    await other.app.close().catch(() => undefined);
    await other.destroy().catch(() => undefined);
  });

  it('serves the public client configuration and sets the CSRF cookie', async () => {
    const response = await server.client.get<{ apiKey: string; authorizedDomains: string[] }>('/api/config');
    expect(response.status).toBe(200);
    expect(response.body.apiKey).toBe(server.config.API_KEY);
    expect(response.body.authorizedDomains).toEqual(['localhost', '127.0.0.1']);
    expect(server.client.cookie('XSRF-TOKEN')).toMatch(/^[\w-]{20,}\.[\w-]{20,}$/);
  });

  it('answers an unknown API path with the JSON error format', async () => {
    const response = await server.client.get<{ error: { code: string; message: string } }>('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.body).toEqual({ error: { code: 'not_found', message: 'No such endpoint: GET /api/no-such-thing' } });
  });

  it('rejects a write without the CSRF header with 403', async () => {
    const response = await server.client.request<{ error: { code: string } }>('POST', '/api/health', { body: {}, csrf: false });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('csrf_failed');
  });

  it('answers malformed JSON with 400 and no internals', async () => {
    const response = await server.client.request<{ error: { code: string; message: string } }>('POST', '/api/test-echo', {
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('bad_request');
    expect(response.body.error.message).toBe('The request body is not valid JSON.');
    expect(response.text).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('answers a schema violation with 400 and the fields at fault', async () => {
    const response = await server.client.post<{ error: { code: string; fields: Record<string, string> } }>('/api/test-echo', {
      name: '',
      age: 1.5,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.fields).toEqual({ name: 'is required', age: 'must be a whole number' });
  });

  it('hides the internals of a 500', async () => {
    const response = await server.client.get<{ error: { code: string; message: string } }>('/api/test-crash');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again later.' } });
    expect(response.text).not.toContain('SELECT');
  });

  it('answers an oversize body with 413', async () => {
    const response = await server.client.request<{ error: { code: string } }>('POST', '/api/test-echo', {
      rawBody: JSON.stringify({ name: 'x'.repeat(100_000), age: 1 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('payload_too_large');
  });

  it('sends security headers with a CSP', async () => {
    const response = await server.client.get('/api/health');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('redirects unknown page addresses to /', async () => {
    const response = await server.client.get('/nowhere', { accept: 'text/html' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('migrated and seeded the demo content', async () => {
    const { db } = server.database;
    const counts = await Promise.all(
      (['services', 'core_values', 'client_reviews', 'team_members', 'movies', 'schedule_activities'] as const).map(async (table) => {
        const row = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return [table, Number(row.n)] as const;
      }),
    );
    const byTable = Object.fromEntries(counts);
    expect(byTable.services).toBeGreaterThanOrEqual(6);
    expect(byTable.core_values).toBeGreaterThanOrEqual(5);
    expect(byTable.client_reviews).toBeGreaterThanOrEqual(6);
    expect(byTable.team_members).toBeGreaterThanOrEqual(6);
    expect(byTable.movies).toBeGreaterThanOrEqual(40);
    expect(byTable.schedule_activities).toBeGreaterThanOrEqual(15);
    const tracks = await db.selectFrom('schedule_activities').select('track').distinct().execute();
    expect(tracks.length).toBeGreaterThanOrEqual(3);
  });

  it('finishes in-flight requests when shutting down, then refuses new ones', async () => {
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const other = await startTestServer({
      engine,
      seed: false,
      routes: (app) =>
        app.get('/api/test-slow', async () => {
          entered();
          await new Promise((resolve) => setTimeout(resolve, 300));
          return { finished: true };
        }),
    });
    const inFlight = other.client.get<{ finished: boolean }>('/api/test-slow');
    // Close only once the request is in its handler (a fixed wait races on a busy machine).
    await inside;
    const closing = other.stop();
    const response = await inFlight;
    await closing;
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ finished: true });
    await expect(fetch(`${other.url}/api/health`)).rejects.toThrow();
    await other.destroy();
  });

  it('seeding twice changes nothing', async () => {
    const before = await server.database.db.selectFrom('movies').selectAll().orderBy('title').execute();
    const report = await seedDemo(server.database.db);
    expect(Object.values(report.inserted).every((count) => count === 0)).toBe(true);
    const after = await server.database.db.selectFrom('movies').selectAll().orderBy('title').execute();
    expect(after).toEqual(before);
  });

  it('keeps bad data out with constraints', async () => {
    const { db } = server.database;
    await expect(
      db
        .insertInto('movies')
        .values({ id: 'x1', title: '', genres: '["Drama"]', created_at: new Date().toISOString(), created_by: null })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('movies')
        .values({ id: 'x2', title: 'Empty genres', genres: '[]', created_at: new Date().toISOString(), created_by: null })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('client_reviews')
        .values({ id: 'bad', position: 999, author: 'a', role: 'r', company: 'c', quote: 'q', rating: 9 })
        .execute(),
    ).rejects.toThrow();
  });
});
