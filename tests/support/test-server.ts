import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/platform/config';
import { type DatabaseHandle, openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { seedDemo } from '../../src/server/platform/db/seed/index';
import { createRedis } from '../../src/server/platform/redis';
import type { SiteRenderer } from '../../src/server/platform/render/site-renderer';
import type { DatabaseTemplates } from './database-templates';
import { HttpClient, TEST_API_KEY } from './http-client';

// Re-exported: the API tests import them from here.
export { HttpClient, type HttpResponse, TEST_API_KEY } from './http-client';

export type Engine = 'sqlite' | 'postgres';

/**
 * The engines for tests whose subject the engine can change: repositories, transactions, locks,
 * migrations, text search, what is stored and read back. SQLite always, PostgreSQL too when
 * TEST_DATABASE_URL is set.
 */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * The engine for tests whose subject lies above the database (wire formats, headers, CSRF,
 * access rules, limits kept in Redis, protocols with identity providers): the same code answers
 * on either engine, so they run once, on SQLite (docs/development.md).
 */
export const ONE_ENGINE: Engine[] = ['sqlite'];

/**
 * A fresh database of the given engine: a new SQLite file, or a new PostgreSQL database. Empty,
 * or a copy of the run's migrated (`from: 'migrated'`) or migrated and seeded (`'seeded'`)
 * template (tests/support/database-templates.ts), when the global setup made one.
 */
export async function createTestDatabase(
  engine: Engine,
  { from }: { from?: keyof DatabaseTemplates['sqlite'] } = {},
): Promise<{ url: string; drop: () => Promise<void>; copied: boolean }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const templates = from ? inject('databaseTemplates') : undefined;
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'nw-test-'));
    const file = join(dir, `${name}.db`);
    const template = from && templates?.sqlite[from];
    if (template) copyFileSync(template, file);
    return { url: `sqlite:${file}`, drop: async () => rmSync(dir, { recursive: true, force: true }), copied: Boolean(template) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const template = from && templates?.postgres?.[from];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    copied: Boolean(template),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** http://127.0.0.1:PORT */
  url: string;
  /** A cookie-keeping HTTP client that sends the CSRF header like the browser does. */
  client: HttpClient;
  /** Stops the server; the database stays for `restart()` or is dropped by `destroy()`. */
  stop: () => Promise<void>;
  /** A new server process-equivalent on the same database (for durability tests). */
  restart: (changes?: Pick<StartOptions, 'clock'>) => Promise<TestServer>;
  destroy: () => Promise<void>;
}

export interface StartOptions {
  engine?: Engine;
  seed?: boolean;
  env?: Record<string, string>;
  siteRenderer?: SiteRenderer;
  /** Reuse an existing database (restart). */
  databaseUrl?: string;
  dropDatabase?: () => Promise<void>;
  /** Connect this server to Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379) as REDIS_URL would. */
  redis?: boolean;
  /** With `redis`: another Redis than TEST_REDIS_URL (a throwaway one of a fault test). */
  redisUrl?: string;
  /** Receives the server's log lines (JSON, level info and up) instead of discarding them. */
  logStream?: { write: (line: string) => void };
  /** A logger in place of the silent one (to read what the server logs). */
  logger?: FastifyServerOptions['logger'];
  /** Extra routes registered before the server starts (to exercise shared behaviour). */
  routes?: (app: FastifyInstance) => void;
  /** The server's clock (AppOptions.clock), for tests that move time. */
  clock?: () => number;
}

/**
 * TEST_REDIS_URL with a logical database of this test worker's own, unless the URL names one:
 * files run side by side (and CI runs suites side by side, each with its own TEST_REDIS_DB_BASE),
 * and the product's rate-limit counters have fixed key names. Change messages need no such care:
 * their channels are named after the database, and every test server has its own.
 */
export function testRedisUrl(): string {
  const url = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  if (url.pathname.length > 1) return url.toString();
  const worker = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  url.pathname = `/${(Number(process.env.TEST_REDIS_DB_BASE ?? 0) + worker) % 16}`;
  return url.toString();
}

/** Starts the real server on an ephemeral port against a fresh, migrated database. */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const engine = options.engine ?? 'sqlite';
  const seed = options.seed !== false;
  const created = options.databaseUrl
    ? { url: options.databaseUrl, drop: options.dropDatabase ?? (async () => undefined), copied: false }
    : await createTestDatabase(engine, { from: seed ? 'seeded' : 'migrated' });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: created.url,
    API_KEY: TEST_API_KEY,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    DIST_DIR: process.env.DIST_DIR ?? 'dist',
    ...options.env,
  });
  const database = await openDatabase(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE, timeoutMs: config.DATABASE_TIMEOUT_MS });
  // A copy of the run's template is migrated (and seeded) already.
  if (!created.copied) {
    await migrateToLatest(database.db);
    if (seed) await seedDemo(database.db);
  }
  let redis: Redis | null = null;
  if (options.redis) {
    redis = createRedis(options.redisUrl ?? testRedisUrl(), { timeoutMs: config.REDIS_TIMEOUT_MS });
    await redis.connect();
  }
  const app = await buildApp({
    config,
    database,
    redis,
    ...(options.siteRenderer ? { siteRenderer: options.siteRenderer } : {}),
    ...(options.logStream ? { logger: { level: 'info', stream: options.logStream } } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  options.routes?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
  };
  const server: TestServer = {
    app,
    database,
    config,
    url,
    client: new HttpClient(url),
    stop,
    restart: async (changes = {}) => {
      await stop();
      return startTestServer({ ...options, ...changes, seed: false, databaseUrl: created.url, dropDatabase: created.drop });
    },
    destroy: async () => {
      await stop();
      await created.drop();
    },
  };
  return server;
}
