import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_RATE_LIMIT } from '../../src/server/support/routes';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * With REDIS_URL set, several server instances behind one address must share their limits:
 * a client cannot get N times the allowance by being spread over N instances.
 */
describe('state shared through Redis', () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    first = await startTestServer({ redis: true, seed: false });
    second = await startTestServer({ redis: true, seed: false });
    // Earlier runs may have left this address's counter behind.
    const keys = await first.app.redis!.keys('nw-rl-support-*');
    if (keys.length > 0) await first.app.redis!.del(...keys);
  });
  afterAll(async () => {
    await first?.destroy();
    await second?.destroy();
  });

  it('shares the Contact Us rate limit between two instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SUPPORT_RATE_LIMIT.max; i += 1) {
      const server = i % 2 === 0 ? first : second;
      const response = await server.client.post('/api/support-messages', {
        name: 'Ann Example',
        email: 'ann@example.com',
        message: `Message number ${i + 1} about our printer.`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array(SUPPORT_RATE_LIMIT.max).fill(201));
    const overFirst = await first.client.post<{ error: { code: string } }>('/api/support-messages', {
      name: 'Ann Example',
      email: 'ann@example.com',
      message: 'One more than allowed.',
    });
    const overSecond = await second.client.post<{ error: { code: string } }>('/api/support-messages', {
      name: 'Ann Example',
      email: 'ann@example.com',
      message: 'One more than allowed.',
    });
    expect(overFirst.status).toBe(429);
    expect(overFirst.body.error.code).toBe('rate_limited');
    expect(overSecond.status).toBe(429);
  });
});
