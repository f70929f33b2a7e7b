import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, ONE_ENGINE, startTestServer, type TestServer } from '../support/test-server';
import { redisReachable } from '../support/throwaway-services';

/**
 * The first-administrator page (POST /admin/setup) is limited per client address
 * (SETUP_LIMIT_PER_15_MIN, default 10), counted in the database or in Redis like every limit.
 */

const PASSWORD = 'correct horse 1';
/** A client address of its own per test (the shared Redis outlives each run). */
const newAddress = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

/** The form post as a client behind one trusted proxy (TRUST_PROXY=1), which appends `address`. */
async function post(server: TestServer, fields: Record<string, string>, address: string) {
  const response = await fetch(`${server.url}/admin/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', 'x-forwarded-for': address },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    type: response.headers.get('content-type'),
    text: await response.text(),
  };
}

const STORES = ['database', 'redis'] as const;

// A limit counted in the database is the engine's own atomic write: both engines; in Redis, once.
describe.each(STORES.flatMap((store) => (store === 'database' ? ENGINES : ONE_ENGINE).map((engine) => [engine, store] as const)))(
  'first-administrator page limit on %s, counted in %s',
  (engine, store) => {
    let server: TestServer | undefined;

    beforeAll(async () => {
      if (store === 'redis' && !(await redisReachable())) return;
      server = await startTestServer({ engine, seed: false, redis: store === 'redis', env: { TRUST_PROXY: '1' } });
    });
    afterAll(async () => {
      await server?.destroy();
    });

    it('answers exactly 10 of 30 simultaneous posts from one address, then 429 with a page saying when to come back', async (context) => {
      if (!server) return context.skip('no Redis');
      const address = newAddress();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          post(server!, { token: `made-up-${i}`, email: 'boss@example.com', password: PASSWORD }, address),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 410)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20);
      const limited = answers.find((answer) => answer.status === 429)!;
      expect(limited.type).toMatch(/^text\/html/);
      expect(limited.text).toContain('Too many attempts');
      expect(limited.text).toMatch(/try again in \d+ minutes?/);
      expect(Number(limited.retryAfter)).toBeGreaterThan(0);
      expect(Number(limited.retryAfter)).toBeLessThanOrEqual(15 * 60);

      // The allowance is the address's: a real link from there waits too; another address does not.
      const link = await server.app.identity.issueSetupLink();
      const token = new URL(link!).searchParams.get('token')!;
      expect((await post(server, { token, email: 'boss@example.com', password: PASSWORD }, address)).status).toBe(429);
      expect(await server.database.db.selectFrom('user_roles').selectAll().execute()).toHaveLength(0);
      const elsewhere = await post(server, { token, email: 'boss@example.com', password: PASSWORD }, newAddress());
      expect(elsewhere.status).toBe(201);
    });
  },
);
