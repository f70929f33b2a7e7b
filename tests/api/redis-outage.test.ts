import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

/**
 * A Redis outage (decision 0611): limits that fail closed answer a clear 503 with Retry-After,
 * the others let requests through; nothing answers 500 or hangs. The Redis here is the test's
 * own, on its own port: it is frozen (SIGSTOP) and killed, never the shared one.
 */
const PORT = Number(process.env.OUTAGE_REDIS_PORT ?? 32011);

async function waitForRedis(url: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.quit();
      return;
    } catch {
      client.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`redis-server on port ${PORT} did not start`);
}

interface Timed {
  status: number;
  message: string;
  retryAfter: string | null;
  ms: number;
}

describe('identity limits during a Redis outage', () => {
  let redis: ChildProcess | undefined;
  let server: TestServer;
  const email = `outage.${Date.now().toString(36)}@example.com`;

  beforeAll(async () => {
    redis = spawn('redis-server', ['--port', String(PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitForRedis(`redis://127.0.0.1:${PORT}`);
    server = await startTestServer({ seed: false, redis: true, redisUrl: `redis://127.0.0.1:${PORT}` });
  });
  afterAll(async () => {
    if (redis && redis.exitCode === null) {
      redis.kill('SIGCONT');
      redis.kill('SIGKILL');
    }
    await server?.destroy();
  });

  const call = async (endpoint: string, body: unknown): Promise<Timed> => {
    const started = Date.now();
    const response = await fetch(`${server.url}/identity/v1/${endpoint}?key=${TEST_API_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await response.json()) as { error?: { message: string } };
    return {
      status: response.status,
      message: json.error?.message ?? 'OK',
      retryAfter: response.headers.get('retry-after'),
      ms: Date.now() - started,
    };
  };
  const signIn = () => call('accounts:signInWithPassword', { email, password: 'correct horse 1' });

  it('works while Redis answers', async () => {
    expect((await call('accounts:signUp', { email, password: 'correct horse 1' })).status).toBe(200);
    expect((await signIn()).status).toBe(200);
  });

  it('answers 503 with Retry-After, not 500 and not a hang, while Redis is frozen; sign-up stays open', async () => {
    redis!.kill('SIGSTOP');
    const answer = await signIn();
    expect(answer.status).toBe(503);
    expect(answer.message).toMatch(/^UNAVAILABLE : /);
    expect(answer.retryAfter).toBe('30');
    expect(answer.ms).toBeLessThan(10_000);
    const mail = await call('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email });
    expect(mail.status).toBe(503);
    const signUp = await call('accounts:signUp', { email: `open.${email}`, password: 'correct horse 1' });
    expect(signUp.status).toBe(200);
  });

  it('recovers when Redis answers again, and refuses clearly once it is gone', async () => {
    redis!.kill('SIGCONT');
    let answer = await signIn();
    for (let attempt = 0; attempt < 20 && answer.status !== 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await signIn();
    }
    expect(answer.status).toBe(200);
    redis!.kill('SIGKILL');
    await new Promise((resolve) => redis!.once('exit', resolve));
    const gone = await signIn();
    expect(gone.status).toBe(503);
    expect(gone.retryAfter).toBe('30');
  });
});
