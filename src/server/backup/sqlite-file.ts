import { createRequire } from 'node:module';
import BetterSqlite3 from 'better-sqlite3';
import { sqliteDriverFor } from '../platform/db/node-sqlite';

/** What backup and restore do with a SQLite file, on whichever driver this Node.js runs (decision 0703). */
export interface SqliteFile {
  /** A consistent copy of the whole database in `path` (SQLite's online backup API). */
  copyTo(path: string): Promise<void>;
  /** `PRAGMA quick_check`: 'ok' for a sound file. */
  quickCheck(): string;
  /** Runs a query for its error only (does this file have our tables?). */
  probe(sql: string): void;
  close(): void;
}

interface NodeSqliteStatement {
  get(): Record<string, unknown> | undefined;
}
interface NodeSqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): NodeSqliteStatement;
  close(): void;
}
interface NodeSqliteModule {
  DatabaseSync: new (path: string, options?: { readOnly?: boolean }) => NodeSqliteDatabase;
  backup(source: NodeSqliteDatabase, path: string, options?: { rate?: number }): Promise<number>;
}

// Every remaining page in one step: a step holds a read snapshot, so the copy finishes at once
// instead of restarting each time the server commits.
const ALL_PAGES = 1 << 30;

function nodeSqliteFile(path: string, readOnly: boolean): SqliteFile {
  const sqlite = createRequire(import.meta.url)('node:sqlite') as NodeSqliteModule;
  const db = new sqlite.DatabaseSync(path, { readOnly });
  db.exec('PRAGMA busy_timeout = 5000');
  return {
    copyTo: async (target) => {
      await sqlite.backup(db, target, { rate: ALL_PAGES });
    },
    quickCheck: () => String(Object.values(db.prepare('PRAGMA quick_check').get() ?? {})[0]),
    probe: (sql) => void db.prepare(sql).get(),
    close: () => db.close(),
  };
}

function betterSqliteFile(path: string, readOnly: boolean): SqliteFile {
  const db = new BetterSqlite3(path, { readonly: readOnly, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return {
    copyTo: async (target) => {
      await db.backup(target, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
    },
    quickCheck: () => String(db.pragma('quick_check', { simple: true })),
    probe: (sql) => void db.prepare(sql).get(),
    close: () => db.close(),
  };
}

/** Opens an existing SQLite file with the driver the server itself uses on this Node.js. */
export function openSqliteFile(path: string, options: { readOnly: boolean }): SqliteFile {
  return sqliteDriverFor(process.version) === 'node:sqlite'
    ? nodeSqliteFile(path, options.readOnly)
    : betterSqliteFile(path, options.readOnly);
}
