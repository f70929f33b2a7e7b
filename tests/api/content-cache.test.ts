import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentChanged } from '../../src/server/platform/cache/content-changes';
import type { SiteRenderer } from '../../src/server/platform/render/site-renderer';
import { ENGINES, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

/** Renders the site from its source, so these tests need no build. */
const sourceRenderer: SiteRenderer = {
  assets: { script: '', styles: [], preloads: [] },
  module: () => import('../../src/site/entry-server'),
};

/** A raw GET: the bytes as sent (fetch would decode them) and the headers. */
function rawGet(base: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const CACHED = ['/', '/about', '/team', '/team/maya-chen', '/api/services', '/api/movies', '/api/schedule', '/sitemap.xml'];

async function signUp(server: TestServer) {
  const email = `cache-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await server.client.post<{ idToken: string }>(`/identity/v1/accounts:signUp?key=${TEST_API_KEY}`, {
    email,
    password: 'a long enough password',
    returnSecureToken: true,
  });
  expect(response.status).toBe(200);
  return { email, idToken: response.body.idToken };
}

/**
 * SQLite alone is one instance (its change bus is in-process); PostgreSQL runs two instances
 * whose bus is LISTEN/NOTIFY, and with Redis two instances on one SQLite file use Redis pub/sub.
 */
const SETUPS = [
  { name: 'sqlite, one instance', engine: 'sqlite' as const, instances: 1, redis: false },
  ...(ENGINES.includes('postgres') ? [{ name: 'postgres, two instances', engine: 'postgres' as const, instances: 2, redis: false }] : []),
  ...(process.env.TEST_REDIS_URL
    ? [{ name: 'sqlite, two instances over Redis', engine: 'sqlite' as const, instances: 2, redis: true }]
    : []),
];

describe.each(SETUPS)('content served from memory: $name', ({ engine, instances, redis }) => {
  let first: TestServer;
  let second: TestServer | undefined;
  const everyInstance = () => (second ? [first, second] : [first]);

  beforeAll(async () => {
    first = await startTestServer({ engine, redis, siteRenderer: sourceRenderer });
    // A second instance on the same database, as behind a load balancer.
    if (instances === 2) {
      second = await startTestServer({ engine, redis, seed: false, databaseUrl: first.config.DATABASE_URL, siteRenderer: sourceRenderer });
    }
  });
  afterAll(async () => {
    await second?.stop();
    await first?.destroy();
  });

  it('shows a movie added on one instance at the very next request on every instance', async () => {
    // Both instances hold the list, the stats and the landing page in memory.
    for (const server of everyInstance()) {
      await server.client.get('/api/movies');
      await server.client.get('/api/stats/movies-per-genre');
    }
    const { idToken } = await signUp(first);
    const title = `Cache Test ${Date.now()}`;
    const added = await first.client.post('/api/movies', { title, genres: ['Cachegenre'] }, { authorization: `Bearer ${idToken}` });
    expect(added.status).toBe(201);
    for (const server of everyInstance()) {
      const list = await server.client.get<{ movies: Array<{ title: string }> }>('/api/movies');
      expect(list.body.movies.map((movie) => movie.title)).toContain(title);
      const stats = await server.client.get<{ genres: Array<{ label: string; count: number }> }>('/api/stats/movies-per-genre');
      expect(stats.body.genres).toContainEqual({ label: 'Cachegenre', count: 1 });
    }
  });

  it('shows a content change announced on one instance at the very next request on every instance', async () => {
    for (const server of everyInstance()) {
      await server.client.get('/');
      await server.client.get('/api/services');
    }
    const { db } = first.database;
    const summary = `Changed at ${Date.now()}`;
    const original = await db.selectFrom('services').select('summary').where('id', '=', 'managed-it').executeTakeFirstOrThrow();
    await db.updateTable('services').set({ summary }).where('id', '=', 'managed-it').execute();
    await contentChanged(first.app, 'services');
    try {
      for (const server of everyInstance()) {
        const services = await server.client.get<Array<{ id: string; summary: string }>>('/api/services');
        expect(services.body.find((item) => item.id === 'managed-it')?.summary).toBe(summary);
        expect((await server.client.get('/')).text).toContain(summary);
      }
    } finally {
      await db.updateTable('services').set({ summary: original.summary }).where('id', '=', 'managed-it').execute();
      await contentChanged(first.app, 'services');
    }
  });

  it('reads the database once per content version, not once per request', async () => {
    await first.client.get('/api/services');
    const { db } = first.database;
    // Drop the table's rows behind the cache's back: unannounced, nothing is read again.
    const rows = await db.selectFrom('services').selectAll().execute();
    await db.deleteFrom('services').execute();
    try {
      const again = await first.client.get<unknown[]>('/api/services');
      expect(again.body).toHaveLength(rows.length);
      await contentChanged(first.app, 'services');
      expect((await first.client.get<unknown[]>('/api/services')).body).toHaveLength(0);
    } finally {
      await db.insertInto('services').values(rows).execute();
      await contentChanged(first.app, 'services');
    }
  });

  it("never puts one visitor's cookie or account in a page another visitor gets", async () => {
    const { email, idToken } = await signUp(first);
    // Each visitor gets a token of their own where one is handed out (the contact page)...
    const cookieA = String((await rawGet(first.url, '/support')).headers['set-cookie']);
    const cookieB = String((await rawGet(first.url, '/support')).headers['set-cookie']);
    expect(cookieA).toMatch(/^XSRF-TOKEN=/);
    expect(cookieB).toMatch(/^XSRF-TOKEN=/);
    expect(cookieA).not.toBe(cookieB);
    const tokenA = /XSRF-TOKEN=([^;]+)/.exec(cookieA)![1]!;
    // ...and a page prepared once for everyone carries none (decision 0004).
    const visitorA = await rawGet(first.url, '/');
    const visitorB = await rawGet(first.url, '/');
    expect(visitorA.headers['set-cookie']).toBeUndefined();
    expect(visitorB.headers['set-cookie']).toBeUndefined();
    // A returning, signed-in visitor: no new cookie, and the same bytes as everyone else.
    const returning = await rawGet(first.url, '/', { cookie: `XSRF-TOKEN=${tokenA}`, authorization: `Bearer ${idToken}` });
    expect(returning.headers['set-cookie']).toBeUndefined();
    expect(returning.body.equals(visitorA.body)).toBe(true);
    expect(visitorB.body.equals(visitorA.body)).toBe(true);
    for (const page of [visitorA, visitorB, returning]) {
      const html = page.body.toString();
      expect(html).not.toContain(tokenA);
      expect(html).not.toContain(email);
      expect(page.headers['vary']).not.toMatch(/cookie/i);
    }
  });

  it('answers 304 to If-None-Match, whichever encoding the tag was sent with', async () => {
    for (const path of CACHED) {
      const plain = await rawGet(first.url, path);
      const brotli = await rawGet(first.url, path, { 'accept-encoding': 'br' });
      for (const etag of [plain.headers.etag, brotli.headers.etag]) {
        const again = await rawGet(first.url, path, { 'if-none-match': String(etag), 'accept-encoding': 'br' });
        expect(again.status, path).toBe(304);
        expect(again.body.length).toBe(0);
      }
      expect((await rawGet(first.url, path, { 'if-none-match': '"other"' })).status, path).toBe(200);
    }
  });

  it('sends brotli and gzip bodies that decode to exactly the plain bytes', async () => {
    for (const path of CACHED) {
      const plain = await rawGet(first.url, path, { 'accept-encoding': 'identity' });
      const brotli = await rawGet(first.url, path, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await rawGet(first.url, path, { 'accept-encoding': 'gzip' });
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(brotli.headers['content-encoding'], path).toBe('br');
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(brotli.headers['vary'], path).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.body).equals(plain.body), path).toBe(true);
      expect(gunzipSync(gzip.body).equals(plain.body), path).toBe(true);
      expect(brotli.body.length).toBeLessThan(plain.body.length);
      // A client that refuses brotli gets gzip.
      expect((await rawGet(first.url, path, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    }
  });

  it('still renders the pages that differ per visitor on each request', async () => {
    const one = await first.client.get('/support?subject=Printer');
    const two = await first.client.get('/support?subject=Laptop');
    expect(one.text).toContain('Printer');
    expect(two.text).toContain('Laptop');
    const unknown = await first.client.get('/team/nobody-at-all');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('nobody-at-all');
  });
});
