import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../../src/common/api-error';
import { get, type RawResponse, startServerProcess } from '../support/server-process';

// Pages from this render module stream for ~200 ms, so SIGTERM lands while some have sent their
// headers (with `Connection: keep-alive`) and not yet their end.
const STREAMING_SITE = fileURLToPath(new URL('../support/fixtures/streaming-site', import.meta.url));
const BASE_ENV = { DATABASE_URL: 'sqlite::memory:', SEED: 'demo', DIST_DIR: STREAMING_SITE };

const waitUntil = async (condition: () => boolean, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('SIGTERM under keep-alive load on streamed pages', () => {
  it.each([1, 2, 3, 4])('finishes the pages in flight, closes their sockets and exits 0 promptly (run %i)', async () => {
    const server = await startServerProcess({ ...BASE_ENV, SHUTDOWN_DRAIN_MS: '0' });
    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    const responses: RawResponse[] = [];
    let started = 0;
    let stop = false;
    // Like browsers: keep reusing sockets until told to stop, then leave them open and idle.
    const worker = async () => {
      for (let i = 0; i < 500 && !stop; i++) {
        try {
          responses.push(await get(`${server.url}/`, agent, () => (started += 1)));
        } catch {
          return;
        }
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    try {
      await waitUntil(() => responses.length >= 12 && started > responses.length);
      stop = true;
      const sentAt = Date.now();
      server.child.kill('SIGTERM');
      const exit = await Promise.race([server.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 8000))]);
      await Promise.all(workers);
      expect(exit, 'the process is still running 8 s after SIGTERM').not.toBeNull();
      expect(exit!.code).toBe(0);
      // In-flight pages take ~200 ms; the shutdown deadline is 10 s.
      expect(exit!.at - sentAt).toBeLessThan(5000);
      for (const response of responses) {
        if (response.status === 200) expect(response.body).toContain('</main>');
        else expect(isApiErrorBody(JSON.parse(response.body))).toBe(true);
      }
      expect(responses.filter((response) => response.status === 200).length).toBeGreaterThanOrEqual(12);
    } finally {
      stop = true;
      agent.destroy();
      server.child.kill('SIGKILL');
    }
  });
});

describe('draining after SIGTERM', () => {
  it('fails readiness at once, keeps serving for SHUTDOWN_DRAIN_MS, then exits 0', async () => {
    const server = await startServerProcess({ ...BASE_ENV, SHUTDOWN_DRAIN_MS: '1500', INSTANCE_ID: 'drain-test-1' });
    const agent = new Agent({ keepAlive: true });
    try {
      const before = await get(`${server.url}/api/health/ready`, agent);
      expect(before.status).toBe(200);
      expect(JSON.parse(before.body)).toMatchObject({ status: 'ready', instance: 'drain-test-1', checks: { draining: false } });

      const sentAt = Date.now();
      server.child.kill('SIGTERM');
      await waitUntil(() => server.output().includes('shutting down'));
      const ready = await get(`${server.url}/api/health/ready`, agent);
      expect(ready.status).toBe(503);
      const body = JSON.parse(ready.body) as unknown;
      expect(isApiErrorBody(body)).toBe(true);
      expect(body).toMatchObject({ status: 'not_ready', checks: { draining: true }, error: { code: 'unavailable' } });
      // Still serving: the balancer needs a few checks to notice.
      expect((await get(`${server.url}/api/health/live`, agent)).status).toBe(200);
      const services = await get(`${server.url}/api/services`, agent);
      expect(services.status).toBe(200);
      expect(services.headers['x-instance']).toBe('drain-test-1');

      agent.destroy();
      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(exit.at - sentAt).toBeGreaterThanOrEqual(1400);
      expect(server.output()).toContain('"instance":"drain-test-1"');
    } finally {
      agent.destroy();
      server.child.kill('SIGKILL');
    }
  });
});
