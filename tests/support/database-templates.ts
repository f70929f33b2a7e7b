import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { seedDemo } from '../../src/server/platform/db/seed/index';

/**
 * Vitest's global setup: each engine's database migrated once (and once more seeded) per run,
 * before any test file starts. A test server's fresh database is a copy of one of these (a file
 * copy for SQLite, `CREATE DATABASE ... TEMPLATE` for PostgreSQL) instead of a migration run of
 * its own: hundreds of servers start in a run, and migrating each cost more CPU than the tests
 * they serve (docs/development.md). Migrations from an empty database are still run here, every
 * run, and by the tests that ask for an empty database (`createTestDatabase`).
 */
export interface DatabaseTemplates {
  /** SQLite files: migrated, and migrated + seeded. */
  sqlite: { migrated: string; seeded: string };
  /** PostgreSQL database names on TEST_DATABASE_URL's server, when it is set. */
  postgres: { migrated: string; seeded: string } | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

async function prepare(url: string, seeded: boolean): Promise<void> {
  const database = await openDatabase(url, { poolSize: 2, timeoutMs: 30_000 });
  try {
    await migrateToLatest(database.db);
    if (seeded) await seedDemo(database.db);
  } finally {
    // Closing the last SQLite connection checkpoints the WAL into the file, which is then whole.
    await database.close();
  }
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

function postgresUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'nw-templates-'));
  const sqlite = { migrated: join(dir, 'migrated.db'), seeded: join(dir, 'seeded.db') };
  const prefix = `tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  const postgres = process.env.TEST_DATABASE_URL ? { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` } : null;
  const teardown = async () => {
    if (postgres) for (const name of Object.values(postgres)) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all([prepare(`sqlite:${sqlite.migrated}`, false), prepare(`sqlite:${sqlite.seeded}`, true)]);
    for (const file of Object.values(sqlite)) {
      if (existsSync(`${file}-wal`)) throw new Error(`the template ${file} kept a write-ahead log after closing`);
    }
    if (postgres) {
      for (const [kind, name] of Object.entries(postgres)) {
        await adminQuery(`CREATE DATABASE ${name}`);
        await prepare(postgresUrl(name), kind === 'seeded');
      }
    }
  } catch (error) {
    await teardown().catch(() => undefined);
    throw error;
  }
  project.provide('databaseTemplates', { sqlite, postgres });
  return teardown;
}
