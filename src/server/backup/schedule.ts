import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { leasesRepository } from '../platform/housekeeping/leases-repository';
import { periodicJob } from '../platform/housekeeping/periodic-job';
import { BACKUP_EXTENSION, backupDatabase, engineOf } from './database-backup';
import { backupFileName, backupsToDelete } from './rules';

export interface ScheduledBackupResult {
  file: string;
  bytes: number;
  deleted: string[];
}

/**
 * Scheduled backups with retention (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP). Every instance
 * checks regularly, but only the one that takes the `scheduled-backup` lease (the housekeeping
 * lease of decision 0702, lasting 90% of BACKUP_EVERY) backs up, so one backup is taken per
 * interval however many instances run. The file is complete before it is listed (written under a
 * temporary name), so retention never counts a half-written backup.
 */
async function backupSchedule(app: FastifyInstance) {
  const { BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP, DATABASE_URL, INSTANCE_ID } = app.config;
  if (!BACKUP_DIR || !BACKUP_EVERY) return;
  const directory = resolve(BACKUP_DIR);
  const engine = engineOf(DATABASE_URL);

  const job = periodicJob({
    leases: leasesRepository(app.database.db),
    name: 'scheduled-backup',
    holder: INSTANCE_ID,
    periodMs: BACKUP_EVERY,
    run: async (nowMs): Promise<ScheduledBackupResult> => {
      mkdirSync(directory, { recursive: true });
      const target = join(directory, backupFileName(BACKUP_EXTENSION[engine], new Date(nowMs)));
      const { file, bytes } = await backupDatabase(DATABASE_URL, target);
      const deleted = backupsToDelete(readdirSync(directory), BACKUP_KEEP);
      for (const name of deleted) rmSync(join(directory, name), { force: true });
      return { file, bytes, deleted };
    },
  });

  let running = false;
  const runOnce = async (): Promise<ScheduledBackupResult | null> => {
    if (running) return null;
    running = true;
    try {
      const result = await job.runIfDue();
      if (result) app.log.info({ file: result.file, bytes: result.bytes, deleted: result.deleted.length }, 'scheduled backup written');
      return result;
    } catch (error) {
      // The lease stays taken: the next attempt is one interval later, like a crashed run.
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
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when scheduled backups are configured: runs one check now (tests, operators). */
    backups?: { runOnce: () => Promise<ScheduledBackupResult | null> };
  }
}

export default fp(backupSchedule, { name: 'backup-schedule' });
