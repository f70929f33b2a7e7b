import { openSqliteFile, type SqliteFile } from './sqlite-file';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** pg_dump and pg_restore get this long before they count as hung. */
const PG_TOOL_TIMEOUT_MS = 30 * 60_000;

export class BackupError extends Error {
  override name = 'BackupError';
}

export type BackupEngine = 'sqlite' | 'postgres';

export function engineOf(databaseUrl: string): BackupEngine {
  if (databaseUrl.startsWith('sqlite:')) {
    if (databaseUrl === 'sqlite::memory:') throw new BackupError('An in-memory SQLite database cannot be backed up.');
    return 'sqlite';
  }
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return 'postgres';
  throw new BackupError('DATABASE_URL must be sqlite:PATH or postgres://...');
}

/** The file name extension of a backup of each engine. */
export const BACKUP_EXTENSION: Record<BackupEngine, string> = { sqlite: '.sqlite', postgres: '.dump' };

/**
 * The libpq environment for a postgres:// URL: the password travels in PGPASSWORD, never on a
 * command line that `ps` shows.
 */
export function libpqEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(url.hostname).replace(/^\[|\]$/g, '') || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '')),
    PGCONNECT_TIMEOUT: '10',
  };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  if (!env.PGDATABASE) throw new BackupError('The PostgreSQL URL names no database.');
  return env;
}

async function runTool(tool: string, args: string[], databaseUrl: string): Promise<void> {
  try {
    await run(tool, args, {
      env: { ...process.env, ...libpqEnvironment(databaseUrl) },
      timeout: PG_TOOL_TIMEOUT_MS,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string; killed?: boolean };
    if (failure.code === 'ENOENT') throw new BackupError(`${tool} was not found: install the PostgreSQL client tools.`);
    if (failure.killed) throw new BackupError(`${tool} did not finish within ${PG_TOOL_TIMEOUT_MS / 60_000} minutes.`);
    const detail = (failure.stderr ?? '').trim().split('\n').slice(-3).join(' ');
    throw new BackupError(`${tool} failed: ${detail || failure.message}`);
  }
}

function sqlitePath(databaseUrl: string): string {
  return resolve(databaseUrl.slice('sqlite:'.length));
}

/**
 * A consistent copy of the live database in `file`, taken while the server keeps writing:
 * SQLite's online backup API (a snapshot of one moment, whatever other connections commit
 * meanwhile), or pg_dump's custom format (one repeatable-read transaction). The file appears
 * only when complete: it is written under a temporary name and renamed.
 */
export async function backupDatabase(databaseUrl: string, file: string): Promise<{ engine: BackupEngine; file: string; bytes: number }> {
  const engine = engineOf(databaseUrl);
  const target = resolve(file);
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  try {
    if (engine === 'sqlite') {
      const source = sqlitePath(databaseUrl);
      if (!existsSync(source)) throw new BackupError(`There is no SQLite database at ${source}.`);
      const db = openSqliteFile(source, { readOnly: false });
      try {
        await db.copyTo(partial);
      } finally {
        db.close();
      }
    } else {
      await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`], databaseUrl);
    }
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { engine, file: target, bytes: statSync(target).size };
}

/** Checks that `file` is a backup of this engine before anything is replaced. */
async function checkBackupFile(engine: BackupEngine, file: string, databaseUrl: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`There is no backup file at ${file}.`);
  if (engine === 'sqlite') {
    let db: SqliteFile | undefined;
    try {
      db = openSqliteFile(file, { readOnly: true });
      const result = db.quickCheck();
      if (result !== 'ok') throw new BackupError(`${file} is damaged: ${result}`);
      db.probe('select count(*) from kysely_migration');
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`${file} is not a backup of this product's SQLite database.`);
    } finally {
      db?.close();
    }
    return;
  }
  // pg_restore --list reads the archive's table of contents and fails on anything else.
  try {
    await runTool('pg_restore', ['--list', file], databaseUrl);
  } catch {
    throw new BackupError(`${file} is not a pg_dump custom-format archive.`);
  }
}

/**
 * Replaces the database's content with the backup's. SQLite: the server must be stopped (the
 * file is swapped); the restored copy is written beside the database and renamed over it.
 * PostgreSQL: pg_restore in one transaction, so a failure leaves the database as it was.
 */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<{ engine: BackupEngine }> {
  const engine = engineOf(databaseUrl);
  const source = resolve(file);
  await checkBackupFile(engine, source, databaseUrl);
  if (engine === 'sqlite') {
    const target = sqlitePath(databaseUrl);
    mkdirSync(dirname(target), { recursive: true });
    const partial = `${target}.restoring`;
    rmSync(partial, { force: true });
    const backup = openSqliteFile(source, { readOnly: true });
    try {
      await backup.copyTo(partial);
    } finally {
      backup.close();
    }
    // A write-ahead log left by the old database would be replayed onto the restored one.
    for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
    renameSync(partial, target);
    return { engine };
  }
  await runTool(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${libpqEnvironment(databaseUrl).PGDATABASE}`,
      source,
    ],
    databaseUrl,
  );
  return { engine };
}
