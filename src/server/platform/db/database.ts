import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, type SqliteDatabase, sql } from 'kysely';
import pg from 'pg';
import { immediateSqliteDialect } from './immediate-transactions';
import { openNodeSqlite, sqliteDriverFor } from './node-sqlite';
import type { Database } from './schema';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Runs a trivial query; rejects with the driver's error (a timeout, a refused connection). */
  check(): Promise<void>;
  /** Connections of the pool right now (for metrics); SQLite has one, always there. */
  poolStats(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connections in the pool. */
  poolSize?: number;
  /** Connect, query and statement timeout (PostgreSQL); wait for another connection's write lock (SQLite). */
  timeoutMs?: number;
}

export const DEFAULT_DATABASE_OPTIONS: Required<DatabaseOptions> = { poolSize: 10, timeoutMs: 5000 };

export class DatabaseConnectionError extends Error {
  override name = 'DatabaseConnectionError';
}

/** Opens the database named by a DATABASE_URL (`sqlite:PATH`, `sqlite::memory:`, `postgres://...`). */
export async function openDatabase(url: string, options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const settings = { ...DEFAULT_DATABASE_OPTIONS, ...options };
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length), settings);
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, settings);
  throw new DatabaseConnectionError(`Unsupported DATABASE_URL scheme in "${url}"`);
}

async function check(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

async function ping(db: Kysely<Database>): Promise<boolean> {
  try {
    await check(db);
    return true;
  } catch {
    return false;
  }
}

function openSqlite(path: string, settings: Required<DatabaseOptions>): DatabaseHandle {
  const file = path === ':memory:' ? ':memory:' : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  let sqlite: SqliteDatabase & { exec(sql: string): void };
  try {
    sqlite = sqliteDriverFor(process.version) === 'node:sqlite' ? openNodeSqlite(file) : openBetterSqlite3(file);
  } catch (error) {
    throw new DatabaseConnectionError(`Cannot open SQLite database at ${file}: ${(error as Error).message}`);
  }
  // Opening may wait for another process's lock (switching to WAL needs it): nothing is served yet.
  sqlite.exec(`PRAGMA busy_timeout = ${Math.trunc(settings.timeoutMs)}`);
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  // synchronous=FULL: a committed transaction survives a power cut, which our 2xx promise needs.
  sqlite.exec('PRAGMA synchronous = FULL');
  // From here SQLite's busy handler would sleep on the main thread, freezing every request; a
  // writer waits for another connection's lock on a timer instead (immediate-transactions.ts),
  // this long, then fails with SQLITE_BUSY (a 503).
  sqlite.exec('PRAGMA busy_timeout = 0');
  const db = new Kysely<Database>({ dialect: immediateSqliteDialect({ database: sqlite, lockTimeoutMs: settings.timeoutMs }) });
  return {
    db,
    engine: 'sqlite',
    ping: () => ping(db),
    check: () => check(db),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    close: () => db.destroy(),
  };
}

function openBetterSqlite3(file: string): SqliteDatabase & { exec(sql: string): void } {
  return new BetterSqlite3(file);
}

async function openPostgres(url: string, settings: Required<DatabaseOptions>): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.poolSize,
    // Waiting for a free connection or for a new one to log in.
    connectionTimeoutMillis: settings.timeoutMs,
    // The server cancels a statement that runs too long (a clean error, the connection stays usable);
    // the client gives up a little later when the server does not answer at all (frozen, cut off).
    statement_timeout: settings.timeoutMs,
    query_timeout: settings.timeoutMs + 1000,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    const where = safeUrl(url);
    throw new DatabaseConnectionError(`Cannot connect to PostgreSQL at ${where}: ${(error as Error).message || 'connection refused'}`);
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: discardingTimedOutClients(pool) }) });
  return {
    db,
    engine: 'postgres',
    ping: () => ping(db),
    check: () => check(db),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
    close: () => db.destroy(),
  };
}

/**
 * A client whose query timed out on our side still has that query outstanding on the wire; given
 * back to the pool it would hold every later query behind it. Such a client is destroyed instead.
 */
function discardingTimedOutClients(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      let broken = false;
      const query = (...args: unknown[]): unknown => {
        const result: unknown = (client.query as (...values: unknown[]) => unknown)(...args);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          if (error instanceof Error && /timeout|terminated/i.test(error.message)) broken = true;
          throw error;
        });
      };
      return { query: query as PostgresPoolClient['query'], release: () => client.release(broken) };
    },
    end: () => pool.end(),
  };
}

/** The URL without its password, for messages. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the configured URL';
  }
}
