import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChangeBusHandle, createChangeBus } from '../../src/server/changes/bus';
import { startTestServer, type TestServer } from '../support/test-server';
import { redisServerBinary, startRedis } from '../support/throwaway-services';

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const REDIS_URL = process.env.TEST_REDIS_URL;

/** Resolves with the next message on a channel, or rejects after `ms`. */
function nextMessage(server: TestServer, channel: string, ms = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no message on ${channel} within ${ms} ms`));
    }, ms);
    const stop = server.app.changes.subscribe(channel, (message) => {
      clearTimeout(timer);
      stop();
      resolve(message);
    });
  });
}

/** Publishes until the other side hears it (used after a forced drop, while the subscriber reconnects). */
async function publishUntilHeard(from: TestServer, to: TestServer, channel: string, ms = 15_000): Promise<string> {
  const heard = nextMessage(to, channel, ms);
  let done = false;
  void heard.finally(() => (done = true)).catch(() => undefined);
  const deadline = Date.now() + ms;
  for (let i = 0; !done && Date.now() < deadline && i < 200; i++) {
    await from.app.changes.publish(channel, `after-drop-${i}`).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return heard;
}

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0).reverse()) await server.destroy();
});

describe('change bus on SQLite (one instance, in process)', () => {
  it('delivers a publish to every subscriber of the channel and to nobody else', async () => {
    const server = await startTestServer({ engine: 'sqlite', seed: false });
    servers.push(server);
    expect((server.app.changes as ChangeBusHandle).kind).toBe('memory');
    const first = nextMessage(server, 'movies');
    const second = nextMessage(server, 'movies');
    const other: string[] = [];
    const stopOther = server.app.changes.subscribe('schedule', (message) => other.push(message));
    await server.app.changes.publish('movies', '{"v":1}');
    expect(await first).toBe('{"v":1}');
    expect(await second).toBe('{"v":1}');
    expect(other).toEqual([]);
    stopOther();
  });

  it('stops delivering after unsubscribe, and refuses bad channels and oversized messages', async () => {
    const server = await startTestServer({ engine: 'sqlite', seed: false });
    servers.push(server);
    const received: string[] = [];
    const stop = server.app.changes.subscribe('movies', (message) => received.push(message));
    stop();
    await server.app.changes.publish('movies', 'x');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toEqual([]);
    await expect(server.app.changes.publish('', 'x')).rejects.toThrow(/channel/);
    await expect(server.app.changes.publish('movies', 'x'.repeat(8_000))).rejects.toThrow(/at most/);
  });

  it('keeps delivering to other listeners when one throws', async () => {
    const server = await startTestServer({ engine: 'sqlite', seed: false });
    servers.push(server);
    server.app.changes.subscribe('movies', () => {
      throw new Error('listener bug');
    });
    const heard = nextMessage(server, 'movies');
    await server.app.changes.publish('movies', 'still delivered');
    expect(await heard).toBe('still delivered');
  });
});

/** Two instances on one PostgreSQL database, optionally both on Redis. */
async function twoInstances(redis: boolean): Promise<[TestServer, TestServer]> {
  const first = await startTestServer({ engine: 'postgres', seed: false, redis });
  servers.push(first);
  const second = await startTestServer({ engine: 'postgres', seed: false, redis, databaseUrl: first.config.DATABASE_URL });
  // The first server owns (and drops) the database; the second only stops.
  servers.push({ ...second, destroy: second.stop });
  return [first, second];
}

describe.skipIf(!POSTGRES)('change bus across two instances over PostgreSQL LISTEN/NOTIFY', () => {
  it('delivers a publish on one instance to the other and to itself', async () => {
    const [a, b] = await twoInstances(false);
    expect((a.app.changes as ChangeBusHandle).kind).toBe('postgres');
    const atB = nextMessage(b, 'movies');
    const atA = nextMessage(a, 'movies');
    const payload = `hello-${randomBytes(4).toString('hex')}`;
    await a.app.changes.publish('movies', payload);
    expect(await atB).toBe(payload);
    expect(await atA).toBe(payload);
  });

  it('delivers each message once per instance (no echo of its own NOTIFY)', async () => {
    const [a, b] = await twoInstances(false);
    const atA: string[] = [];
    const atB: string[] = [];
    a.app.changes.subscribe('stats', (m) => atA.push(m));
    b.app.changes.subscribe('stats', (m) => atB.push(m));
    for (let i = 0; i < 5; i++) await a.app.changes.publish('stats', String(i));
    await expect.poll(() => atB.length, { timeout: 5_000 }).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(atA).toEqual(['0', '1', '2', '3', '4']);
    expect(atB).toEqual(['0', '1', '2', '3', '4']);
  });

  it('reconnects a listener whose connection was killed and hears later publishes', async () => {
    const [a, b] = await twoInstances(false);
    const name = (b.app.changes as ChangeBusHandle).connectionName;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const killed = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
      expect(killed.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    expect(await publishUntilHeard(a, b, 'schedule')).toMatch(/^after-drop-/);
  });
});

describe.skipIf(!POSTGRES || !REDIS_URL)('change bus across two instances over Redis', () => {
  it('delivers a publish on one instance to the other', async () => {
    const [a, b] = await twoInstances(true);
    expect((a.app.changes as ChangeBusHandle).kind).toBe('redis');
    const atB = nextMessage(b, 'movies');
    const payload = `hello-${randomBytes(4).toString('hex')}`;
    await a.app.changes.publish('movies', payload);
    expect(await atB).toBe(payload);
  });

  it('resubscribes after its Redis connection is killed', async () => {
    const [a, b] = await twoInstances(true);
    const name = (b.app.changes as ChangeBusHandle).connectionName;
    const admin = new Redis(REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await admin.connect();
    try {
      const list = (await admin.client('LIST')) as string;
      const line = list.split('\n').find((entry) => entry.includes(` name=${name} `));
      const id = line?.match(/^id=(\d+)/)?.[1];
      expect(id).toBeDefined();
      await admin.client('KILL', 'ID', id!);
    } finally {
      await admin.quit();
    }
    expect(await publishUntilHeard(a, b, 'schedule')).toMatch(/^after-drop-/);
  });
});

const HAS_REDIS_SERVER = redisServerBinary() !== null;

describe.skipIf(!HAS_REDIS_SERVER)('change bus calls time out', () => {
  it('fails a publish within its timeout while Redis hangs, and works again once it answers', async () => {
    // A throwaway Redis, so freezing it disturbs nobody else.
    const server = await startRedis();
    const redis = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      const bus = await createChangeBus({ redis, databaseUrl: 'sqlite::memory:', timeoutMs: 300 });
      server.freeze();
      const started = Date.now();
      await expect(bus.publish('movies', 'x')).rejects.toThrow(/timed out after 300 ms/);
      expect(Date.now() - started).toBeLessThan(2_000);
      server.thaw();
      await expect
        .poll(
          () =>
            bus.publish('movies', 'y').then(
              () => true,
              () => false,
            ),
          { timeout: 5_000 },
        )
        .toBe(true);
      await bus.close();
    } finally {
      redis.disconnect();
      await server.stop();
    }
  });
});
