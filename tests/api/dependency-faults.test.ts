import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleIdentityError } from '../../src/server/identity/error-handler';
import { startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';
import { type FreezableService, initdbBinary, redisServerBinary, startPostgres, startRedis } from '../support/throwaway-services';

/** A request that must answer: without the timeouts it would wait as long as the freeze lasts. */
async function timedFetch(url: string, init: RequestInit = {}) {
  const started = Date.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: JSON.parse(text) as Record<string, unknown>,
    ms: Date.now() - started,
  };
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const expectUnavailable = (response: Awaited<ReturnType<typeof timedFetch>>) => {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(response.body).toEqual({ error: { code: 'unavailable', message: expect.stringMatching(/temporarily unavailable/) } });
};

const expectIdentityUnavailable = (response: Awaited<ReturnType<typeof timedFetch>>) => {
  expect(response.status).toBe(503);
  // 5 s from the error handler; a sign-in limit that fails closed asks for longer.
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(5);
  const error = response.body.error as { code: number; message: string; errors: unknown[] };
  expect(error.code).toBe(503);
  expect(error.message).toMatch(/^UNAVAILABLE : /);
  expect(error.errors).toHaveLength(1);
};

const redisMissing = redisServerBinary() === null;
describe.skipIf(redisMissing)(`a frozen Redis${redisMissing ? ' (skipped: redis-server is not installed)' : ''}`, () => {
  let redis: FreezableService;
  let server: TestServer;

  beforeAll(async () => {
    redis = await startRedis();
    server = await startTestServer({
      redis: true,
      redisUrl: redis.url,
      env: { REDIS_TIMEOUT_MS: '300' },
      routes: (app) => {
        app.get('/api/test-redis', async () => ({ count: await app.redis!.incr('nw-fault-test:count') }));
        void app.register(async (identity) => {
          identity.setErrorHandler(handleIdentityError);
          identity.get('/identity/v1/test-redis', async () => ({ count: await app.redis!.incr('nw-fault-test:count') }));
        });
      },
    });
  });
  afterAll(async () => {
    redis?.thaw();
    await server?.destroy();
    await redis?.stop();
  });

  it('fails readiness, answers 503 with Retry-After in both error formats, and recovers when Redis does', async () => {
    const ready = await timedFetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', checks: { database: 'up', redis: 'up', draining: false } });
    expect((await timedFetch(`${server.url}/api/test-redis`)).status).toBe(200);

    redis.freeze();
    try {
      const notReady = await timedFetch(`${server.url}/api/health/ready`);
      expect(notReady.status).toBe(503);
      expect(notReady.body).toMatchObject({
        status: 'not_ready',
        checks: { database: 'up', redis: 'timeout' },
        error: { code: 'unavailable', message: 'Not ready: Redis does not answer in time.' },
      });
      // Several at once, as a burst of traffic would.
      const answers = await Promise.all(Array.from({ length: 5 }, () => timedFetch(`${server.url}/api/test-redis`)));
      answers.forEach(expectUnavailable);
      expectIdentityUnavailable(await timedFetch(`${server.url}/identity/v1/test-redis`));
      // Liveness does not depend on Redis: the instance must not be restarted for it.
      expect((await timedFetch(`${server.url}/api/health/live`)).status).toBe(200);
    } finally {
      redis.thaw();
    }
    await eventually(async () => (await timedFetch(`${server.url}/api/health/ready`)).status === 200);
    expect((await timedFetch(`${server.url}/api/test-redis`)).status).toBe(200);
  });
});

const postgresMissing = initdbBinary() === null;
describe.skipIf(postgresMissing)(`a frozen PostgreSQL${postgresMissing ? ' (skipped: initdb is not installed)' : ''}`, () => {
  let postgres: FreezableService;
  let server: TestServer;

  beforeAll(async () => {
    postgres = await startPostgres();
    server = await startTestServer({
      engine: 'postgres',
      databaseUrl: postgres.url,
      env: { DATABASE_TIMEOUT_MS: '800', DATABASE_POOL_SIZE: '3' },
      routes: (app) => {
        app.get('/api/test-db', async () => {
          await sql`select pg_sleep(0.05)`.execute(app.database.db);
          return { ok: true };
        });
      },
    });
  }, 90_000);
  afterAll(async () => {
    postgres?.thaw();
    await server?.destroy();
    await postgres?.stop();
  });

  it('fails readiness, answers 503 with Retry-After in both error formats, and recovers when PostgreSQL does', async () => {
    expect((await timedFetch(`${server.url}/api/health/ready`)).body).toMatchObject({ status: 'ready', checks: { database: 'up' } });
    // Fill the pool, so that frozen requests get connections that are already open (a query that
    // never answers) as well as new ones (a login that never answers).
    const warm = await Promise.all(Array.from({ length: 6 }, () => timedFetch(`${server.url}/api/test-db`)));
    expect(warm.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);

    postgres.freeze();
    try {
      const notReady = await timedFetch(`${server.url}/api/health/ready`);
      expect(notReady.status).toBe(503);
      expect(notReady.body).toMatchObject({ status: 'not_ready', checks: { database: 'timeout', redis: 'not_configured' } });
      // More requests than pool connections: those waiting for a connection time out as well.
      const answers = await Promise.all(Array.from({ length: 8 }, () => timedFetch(`${server.url}/api/test-db`)));
      answers.forEach(expectUnavailable);
      const signIn = await timedFetch(`${server.url}/identity/v1/accounts:signInWithPassword?key=${TEST_API_KEY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'frozen@example.com', password: 'whatever-password-1', returnSecureToken: true }),
      });
      expectIdentityUnavailable(signIn);
    } finally {
      postgres.thaw();
    }
    await eventually(async () => (await timedFetch(`${server.url}/api/health/ready`)).status === 200);
    expect((await timedFetch(`${server.url}/api/test-db`)).status).toBe(200);
  });
});
