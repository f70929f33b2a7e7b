import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { BACKUP_EXTENSION, backupDatabase, engineOf } from './database-backup';
import { backupFileName, backupsToDelete, isBackupDue } from './rules';

/** The PostgreSQL advisory lock whose holder is the one instance that takes scheduled backups. */
export const BACKUP_LOCK_KEY = 0x6e77_626b; // "nwbk"

/**
 * Leadership among instances sharing one PostgreSQL database: a session advisory lock held on a
 * connection of its own for as long as the instance lives. When that instance dies its
 * connection closes, the lock is released, and another instance takes over at its next check.
 */
class PostgresLeadership {
  private client: pg.Client | null = null;

  constructor(private readonly databaseUrl: string) {}

  async isLeader(): Promise<boolean> {
    if (this.client) return true;
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 5000, query_timeout: 5000 });
    client.on('error', () => {
      // The connection (and with it the lock) is gone: try again at the next check.
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
    });
    try {
      await client.connect();
      const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [BACKUP_LOCK_KEY]);
      if (result.rows[0]?.locked) {
        this.client = client;
        return true;
      }
    } catch {
      // Unreachable database: not the leader this time.
    }
    await client.end().catch(() => undefined);
    return false;
  }

  async release() {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

export interface ScheduledBackupResult {
  file: string;
  bytes: number;
  deleted: string[];
}

/**
 * Scheduled backups with retention (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP). Every instance
 * checks regularly; a backup is taken when the newest one in BACKUP_DIR is an interval old, and
 * on PostgreSQL only by the instance holding the backup lock. The file is complete before it is
 * listed (written under a temporary name), so retention never counts a half-written backup.
 */
async function backupSchedule(app: FastifyInstance) {
  const { BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP, DATABASE_URL } = app.config;
  if (!BACKUP_DIR || !BACKUP_EVERY) return;
  const directory = resolve(BACKUP_DIR);
  const engine = engineOf(DATABASE_URL);
  const leadership = engine === 'postgres' ? new PostgresLeadership(DATABASE_URL) : null;
  let running = false;

  const runOnce = async (): Promise<ScheduledBackupResult | null> => {
    if (running) return null;
    running = true;
    try {
      if (leadership && !(await leadership.isLeader())) return null;
      mkdirSync(directory, { recursive: true });
      const now = new Date();
      if (!isBackupDue(readdirSync(directory), now, BACKUP_EVERY)) return null;
      const { file, bytes } = await backupDatabase(DATABASE_URL, join(directory, backupFileName(BACKUP_EXTENSION[engine], now)));
      const deleted = backupsToDelete(readdirSync(directory), BACKUP_KEEP);
      for (const name of deleted) rmSync(join(directory, name), { force: true });
      app.log.info({ file, bytes, deleted: deleted.length }, 'scheduled backup written');
      return { file, bytes, deleted };
    } catch (error) {
      app.log.error({ err: error }, 'scheduled backup failed');
      return null;
    } finally {
      running = false;
    }
  };

  // Check often enough that a backup is never much later than due, rarely enough to cost nothing.
  const checkEvery = Math.min(Math.max(BACKUP_EVERY / 10, 10_000), 5 * 60_000);
  const timer = setInterval(() => void runOnce(), checkEvery);
  timer.unref();
  const first = setTimeout(() => void runOnce(), 1000);
  first.unref();
  app.decorate('backups', { runOnce });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearTimeout(first);
    await leadership?.release();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when scheduled backups are configured: runs one check now (tests, operators). */
    backups?: { runOnce: () => Promise<ScheduledBackupResult | null> };
  }
}

export default fp(backupSchedule, { name: 'backup-schedule' });
