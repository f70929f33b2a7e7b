import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';

/** An app whose log lines are collected, parsed, in memory. */
async function appWithLog(env: Record<string, string>) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', NODE_ENV: 'test', ...env });
  const database = await openDatabase(config.DATABASE_URL);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, logger: { level: 'info', stream } });
  await app.ready();
  return { app, lines: () => lines.filter((line) => line.reqId !== undefined) };
}

describe('request logging', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('writes one line per request, with route and status and no query', async () => {
    const built = await appWithLog({});
    app = built.app;
    await app.inject({ method: 'GET', url: '/api/services?secret=abc' });
    const lines = built.lines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request', method: 'GET', path: '/api/services', route: '/api/services', status: 200 });
    expect(typeof lines[0]!.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret=abc');
  });

  it('logs only failures with LOG_REQUESTS=errors, and nothing with none', async () => {
    const built = await appWithLog({ LOG_REQUESTS: 'errors' });
    app = built.app;
    await app.inject({ method: 'GET', url: '/api/services' });
    await app.inject({ method: 'GET', url: '/api/team-members/nobody' });
    expect(built.lines().map((line) => line.status)).toEqual([404]);
    await app.close();
    const silent = await appWithLog({ LOG_REQUESTS: 'none' });
    app = silent.app;
    await app.inject({ method: 'GET', url: '/api/team-members/nobody' });
    expect(silent.lines()).toHaveLength(0);
  });

  it('refuses a bad LOG_REQUESTS with a clear message', () => {
    expect(() => loadConfig({ LOG_REQUESTS: 'sample:2' })).toThrow(
      /Invalid LOG_REQUESTS "sample:2": must be 'all', 'errors', 'none' or 'sample:RATE'/,
    );
  });
});
