import { createRequire } from 'node:module';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Node.js's built-in SQLite (`node:sqlite`) behind the interface Kysely's SqliteDialect expects
 * from better-sqlite3. Used from Node.js 24 on (decision 0703): there better-sqlite3's objects,
 * built against Node 24's headers, can abort the process when the garbage collector frees them.
 */

/** The part of `node:sqlite` used here (@types/node of Node 20 does not describe the module). */
interface StatementSync {
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
  columns(): unknown[];
}
interface DatabaseSync {
  exec(sql: string): void;
  prepare(sql: string): StatementSync;
  close(): void;
}
interface NodeSqliteModule {
  DatabaseSync: new (path: string) => DatabaseSync;
}

/** The first Node.js major version on which the server uses `node:sqlite`. */
export const NODE_SQLITE_FROM_MAJOR = 24;

export type SqliteDriver = 'node:sqlite' | 'better-sqlite3';

export function sqliteDriverFor(nodeVersion: string): SqliteDriver {
  const major = Number(/^v?(\d+)\./.exec(nodeVersion)?.[1] ?? 0);
  return major >= NODE_SQLITE_FROM_MAJOR ? 'node:sqlite' : 'better-sqlite3';
}

// better-sqlite3 names errors by their (extended) result code; the repositories test those names.
const RESULT_CODES: Record<number, string> = {
  1: 'SQLITE_ERROR',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  19: 'SQLITE_CONSTRAINT',
  261: 'SQLITE_BUSY_RECOVERY',
  275: 'SQLITE_CONSTRAINT_CHECK',
  517: 'SQLITE_BUSY_SNAPSHOT',
  773: 'SQLITE_BUSY_TIMEOUT',
  787: 'SQLITE_CONSTRAINT_FOREIGNKEY',
  1299: 'SQLITE_CONSTRAINT_NOTNULL',
  1555: 'SQLITE_CONSTRAINT_PRIMARYKEY',
  2067: 'SQLITE_CONSTRAINT_UNIQUE',
};

/** Gives a `node:sqlite` error the `code` better-sqlite3 would have given it. */
export function withResultCode(error: unknown): unknown {
  if (error instanceof Error && (error as { code?: unknown }).code === 'ERR_SQLITE_ERROR') {
    const errcode = (error as { errcode?: unknown }).errcode;
    if (typeof errcode === 'number') Object.assign(error, { code: RESULT_CODES[errcode] ?? `SQLITE_${errcode}` });
  }
  return error;
}

function guarded<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw withResultCode(error);
  }
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => guarded(() => statement.all(...parameters)),
    run: (parameters) => guarded(() => statement.run(...parameters)),
    iterate: (parameters) => guarded(() => statement.iterate(...parameters)),
  };
}

export interface NodeSqliteConnection extends SqliteDatabase {
  exec(sql: string): void;
}

/** Opens a database file (or `:memory:`) with `node:sqlite`. */
export function openNodeSqlite(file: string): NodeSqliteConnection {
  const { DatabaseSync } = createRequire(import.meta.url)('node:sqlite') as NodeSqliteModule;
  const database = guarded(() => new DatabaseSync(file));
  return {
    prepare: (sql) => adaptStatement(guarded(() => database.prepare(sql))),
    exec: (sql) => guarded(() => database.exec(sql)),
    close: () => database.close(),
  };
}
