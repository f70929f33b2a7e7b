import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteDriverFor } from '../../src/server/platform/db/node-sqlite';
import { sourceRenderer } from '../support/fake-dist';
import { HttpClient, startTestServer, type TestServer } from '../support/test-server';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

interface LockHolder {
  release(): Promise<void>;
  child: ChildProcessWithoutNullStreams;
}

/**
 * Another process in `BEGIN IMMEDIATE` on the server's database file, through the driver the
 * server uses on this Node.js; resolves once it holds the lock.
 */
async function holdWriteLock(server: TestServer): Promise<LockHolder> {
  const file = server.config.DATABASE_URL.replace(/^sqlite:/, '');
  const child = spawn(process.execPath, ['tests/support/sqlite-lock-holder.mjs', file, sqliteDriverFor(process.version)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const lines = createInterface({ input: child.stdout });
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const onLine = (line: string) => {
        if (line !== word) return;
        lines.off('line', onLine);
        resolve();
      };
      lines.on('line', onLine);
      child.once('exit', (code) => reject(new Error(`lock holder exited (${code}) before "${word}": ${stderr}`)));
    });
  await said('locked');
  return {
    child,
    release: async () => {
      const released = said('released');
      child.stdin.write('release\n');
      await released;
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

/** A promise and whether it has settled yet. */
function watched<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

const countEvents = async (server: TestServer) =>
  Number(
    (
      await server.database.db
        .selectFrom('insights_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function beacon(server: TestServer, path: string) {
  return new HttpClient(server.url).request('POST', '/api/insights/collect', {
    rawBody: JSON.stringify({ t: 'pageview', p: path }),
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME },
    csrf: false,
  });
}

// SQLite's fault: its busy handler sleeps inside the synchronous driver, on the server's only thread.
describe('another process holding the SQLite write lock (sqlite)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(env: Record<string, string>) {
    // Insights writes only when this test flushes it. The site's pages from their source: the
    // Node.js 22 pass runs in a copy of the tree without a build.
    const server = await startTestServer({ engine: 'sqlite', siteRenderer: sourceRenderer, env: { INSIGHTS_FLUSH_MS: '60000', ...env } });
    cleanups.push(() => server.destroy());
    return server;
  }

  async function lock(server: TestServer) {
    const holder = await holdWriteLock(server);
    cleanups.push(async () => {
      if (holder.child.exitCode === null) holder.child.kill();
    });
    return holder;
  }

  it('keeps answering reads while a background write waits for the lock, and writes what it acknowledged once the lock is released', async () => {
    const server = await start({ DATABASE_TIMEOUT_MS: '5000' });
    expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(server.database.db)).rows[0]!.journal_mode).toBe('wal');
    // The day's salt is written by the first beacon of the day; counted views need none after it.
    expect((await beacon(server, '/')).status).toBe(204);
    await server.app.insights.flush();
    const before = await countEvents(server);

    const holder = await lock(server);
    for (const path of ['/about', '/services', '/team']) expect((await beacon(server, path)).status).toBe(204);
    // A background writer (the Insights batch, as its timer would) tries while the lock is held.
    const flushing = watched(server.app.insights.flush());

    const client = new HttpClient(server.url);
    const reads = await Promise.all([
      ...Array.from({ length: 20 }, () => client.request('GET', '/')),
      client.request('GET', '/api/health'),
      client.request('GET', '/api/health/ready'),
      client.request('GET', '/api/services'),
      client.request('GET', '/api/team-members'),
      client.request('GET', '/about'),
    ]);
    expect(reads.map((response) => response.status)).toEqual(reads.map(() => 200));
    // All answered while the write still waits: it waited beside them, not on the event loop
    // (SQLite's busy handler would have held every one of them until it gave up).
    expect(flushing.settled).toBe(false);
    expect(await countEvents(server)).toBe(before);

    await holder.release();
    await flushing.promise;
    expect(await countEvents(server)).toBe(before + 3);
  });

  it('answers a write that cannot get the lock in time with 503 and Retry-After, and takes it once the lock is free', async () => {
    const server = await start({ DATABASE_TIMEOUT_MS: '300' });
    const message = {
      name: 'Locked Out',
      email: 'locked.out@example.com',
      subject: 'Printer',
      message: 'The printer prints nothing at all.',
    };
    const send = () =>
      new HttpClient(server.url).request('POST', '/api/support-messages', { body: message, headers: { 'x-forwarded-for': '10.77.0.1' } });

    const holder = await lock(server);
    const refused = await send();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body).toEqual({ error: { code: 'unavailable', message: expect.stringMatching(/temporarily unavailable/) } });
    expect((await new HttpClient(server.url).request('GET', '/')).status).toBe(200);
    await holder.release();

    expect((await send()).status).toBe(201);
    const stored = await server.database.db.selectFrom('support_messages').select('email').execute();
    expect(stored.filter((row) => row.email === message.email)).toHaveLength(1);
  });
});
