import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** Connections of the pool right now (for metrics); SQLite has one, always there. */
  poolStats(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export class DatabaseConnectionError extends Error {
  override name = 'DatabaseConnectionError';
}

/** Opens the database named by a DATABASE_URL (`sqlite:PATH`, `sqlite::memory:`, `postgres://...`). */
export async function openDatabase(url: string): Promise<DatabaseHandle> {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  throw new DatabaseConnectionError(`Unsupported DATABASE_URL scheme in "${url}"`);
}

async function ping(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

function openSqlite(path: string): DatabaseHandle {
  const file = path === ':memory:' ? ':memory:' : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  let sqlite: BetterSqlite3.Database;
  try {
    sqlite = new BetterSqlite3(file);
  } catch (error) {
    throw new DatabaseConnectionError(`Cannot open SQLite database at ${file}: ${(error as Error).message}`);
  }
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // synchronous=FULL: a committed transaction survives a power cut, which our 2xx promise needs.
  sqlite.pragma('synchronous = FULL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return {
    db,
    engine: 'sqlite',
    ping: () => ping(db),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    close: () => db.destroy(),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    ping: () => ping(db),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
    close: () => db.destroy(),
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
