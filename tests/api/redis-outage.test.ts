import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson, PASSWORD, type Person } from '../support/staff';
import { freePort } from '../support/throwaway-services';
import { HttpClient, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

/**
 * A Redis outage (decision 0611): limits that fail closed answer a clear 503 with Retry-After,
 * the others let requests through; nothing answers 500 or hangs. The Redis here is the test's
 * own, on its own port: it is frozen (SIGSTOP) and killed, never the shared one.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  throw new Error(`redis-server at ${url} did not start`);
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

  // A free port of its own, so two suites on one machine (CI runs Node.js 22 and 24 side by side) never meet.
  let PORT: number;

  beforeAll(async () => {
    PORT = await freePort();
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

/**
 * What a Redis outage writes to the log (docs/operations.md): one warning when Redis becomes
 * unreachable and one line when it is back, whichever parts of the server use it (change bus,
 * rate limits, live stream), and no stack traces, however many writes happen meanwhile.
 */
describe('the log during a Redis outage', () => {
  let port: number;
  let redis: ChildProcess | undefined;
  let server: TestServer;
  let admin: Person;
  const lines: Array<Record<string, unknown>> = [];

  const startRedis = async () => {
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await waitForRedis(`redis://127.0.0.1:${port}`);
  };

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    server = await startTestServer({
      redis: true,
      redisUrl: `redis://127.0.0.1:${port}`,
      env: { TRUST_PROXY: '1', LOG_REQUESTS: 'none' },
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    admin = await newPerson(server, ['admin'], 'admin');
  });
  afterAll(async () => {
    if (redis && redis.exitCode === null) redis.kill('SIGKILL');
    await server?.destroy();
  });

  let n = 0;
  /** One round of writes that use Redis: a content change, a movie add, a Contact Us message, a sign-in. */
  async function writes(): Promise<number[]> {
    n += 1;
    const from = { 'x-forwarded-for': `10.31.0.${n}` };
    const services = await admin.call<{ items: Array<{ id: string }> }>('GET', '/api/admin/services');
    const order = await admin.call('PUT', '/api/admin/services/order', { ids: services.body.items.map((item) => item.id) });
    const movie = await admin.client.request('POST', '/api/movies', {
      body: { title: `Outage ${Date.now().toString(36)} ${n}`, genres: ['Drama'] },
      headers: { authorization: `Bearer ${admin.idToken}`, ...from },
    });
    const message = await new HttpClient(server.url).request('POST', '/api/support-messages', {
      body: { name: 'Visitor', email: 'visitor@example.com', message: `Message ${n} during the outage.` },
      headers: from,
    });
    const signIn = await new HttpClient(server.url).request('POST', `/identity/v1/accounts:signInWithPassword?key=${TEST_API_KEY}`, {
      body: { email: admin.email, password: PASSWORD, returnSecureToken: true },
      csrf: false,
    });
    return [order.status, movie.status, message.status, signIn.status];
  }
  const about = (line: Record<string, unknown>) => JSON.stringify(line);
  const redisLines = () => lines.filter((line) => /redis/i.test(about(line)) && Number(line.level) >= 30);

  it('logs one warning when Redis goes away and one line when it is back, without stacks, however many writes meanwhile', async () => {
    expect(await writes()).toEqual([200, 201, 201, 200]);
    const before = lines.length;

    redis!.kill('SIGKILL');
    await new Promise((resolve) => redis!.once('exit', resolve));
    for (let round = 0; round < 8; round++) {
      const statuses = await writes();
      // Writes that need no Redis go on; the identity limits fail closed with a clear 503.
      expect(statuses.slice(0, 3)).toEqual([200, 201, 201]);
      expect(statuses[3]).toBe(503);
    }
    await startRedis();
    let statuses = await writes();
    for (let attempt = 0; attempt < 40 && statuses[3] !== 200; attempt++) {
      await sleep(250);
      statuses = await writes();
    }
    expect(statuses).toEqual([200, 201, 201, 200]);
    await sleep(500);

    const during = lines.slice(before);
    const noisy = during.filter((line) => Number(line.level) >= 40 || /stack|ioredis/i.test(about(line)));
    const down = during.filter((line) => line.msg === 'Redis is not reachable');
    const up = during.filter((line) => line.msg === 'Redis is reachable again');
    expect(noisy, JSON.stringify(noisy, null, 1).slice(0, 3000)).toEqual(down);
    expect(down.map((line) => line.level)).toEqual([40]);
    expect(up.map((line) => line.level)).toEqual([30]);
    expect(during.filter((line) => /stack/i.test(about(line)))).toEqual([]);
    expect(redisLines().slice(-2)).toEqual([...down, ...up].slice(-2));
  });

  it('logs the same two lines when Redis is frozen (connected, not answering) and thawed', async () => {
    const before = lines.length;
    redis!.kill('SIGSTOP');
    try {
      for (let round = 0; round < 2; round++) {
        const statuses = await writes();
        expect(statuses.slice(0, 3)).toEqual([200, 201, 201]);
        expect(statuses[3]).toBe(503);
      }
    } finally {
      redis!.kill('SIGCONT');
    }
    for (let attempt = 0; attempt < 40 && !lines.slice(before).some((line) => line.msg === 'Redis is reachable again'); attempt++) {
      await sleep(250);
    }
    expect(await writes()).toEqual([200, 201, 201, 200]);
    const during = lines.slice(before);
    const noisy = during.filter((line) => Number(line.level) >= 40 || /stack|ioredis/i.test(about(line)));
    expect(noisy, JSON.stringify(noisy, null, 1).slice(0, 3000)).toEqual([
      expect.objectContaining({ level: 40, msg: 'Redis is not reachable', dependency: 'redis', reason: 'timeout' }),
    ]);
    expect(during.filter((line) => line.msg === 'Redis is reachable again').map((line) => line.level)).toEqual([30]);
  });
});
