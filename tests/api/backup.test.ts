import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/database';
import { backupFileName } from '../../src/server/backup/rules';
import { createTestDatabase, ENGINES, startTestServer, type TestServer } from '../support/test-server';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'nw-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The backup command as `npm run backup` runs it, in a process of its own (src/server/backup/cli.ts). */
function backupCommand(args: string[], databaseUrl: string) {
  return run(process.execPath, ['--import', 'tsx', 'src/server/backup/cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    timeout: 120_000,
  });
}

async function storedMessages(databaseUrl: string): Promise<Set<string>> {
  const handle = await openDatabase(databaseUrl);
  try {
    const rows = await handle.db.selectFrom('support_messages').select('message').execute();
    return new Set(rows.map((row) => row.message));
  } finally {
    await handle.close();
  }
}

/**
 * Writers that keep posting support messages through HTTP (each from its own client address, so
 * the per-address limit stays out of the way) and record each one the server acknowledged.
 */
function startWriters(server: TestServer, count: number) {
  const acknowledged: string[] = [];
  let stop = false;
  let sent = 0;
  const deadline = Date.now() + 60_000;
  const writer = async (id: number) => {
    while (!stop && sent < 5000 && Date.now() < deadline) {
      const n = ++sent;
      const message = `Write ${id}-${n} under load ${Math.random().toString(36).slice(2)}`;
      const response = await server.client.post(
        '/api/support-messages',
        { name: 'Load Writer', email: 'load@example.com', subject: null, message },
        { 'x-forwarded-for': `10.${id}.${Math.floor(n / 250) % 250}.${n % 250}` },
      );
      if (response.status === 201) acknowledged.push(message);
      else throw new Error(`write refused: ${response.status} ${response.text}`);
    }
  };
  const done = Promise.all(Array.from({ length: count }, (_, id) => writer(id + 1)));
  return {
    acknowledged,
    stop: async () => {
      stop = true;
      await done;
    },
  };
}

const waitFor = async (condition: () => boolean) => {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(ENGINES)('backup and restore on %s', (engine) => {
  it('a backup taken under concurrent writes restores every write acknowledged before it began', async () => {
    const server = await startTestServer({ engine, env: { TRUST_PROXY: '1' } });
    const restored = await createTestDatabase(engine);
    try {
      const writers = startWriters(server, 8);
      await waitFor(() => writers.acknowledged.length >= 40);
      const beforeBackup = [...writers.acknowledged];
      const file = join(work, `under-load-${engine}${engine === 'sqlite' ? '.sqlite' : '.dump'}`);
      const { stdout } = await backupCommand(['backup', file], server.config.DATABASE_URL);
      const duringBackup = writers.acknowledged.length - beforeBackup.length;
      // Writes keep going after the backup, then stop.
      const afterBackup = writers.acknowledged.length;
      await waitFor(() => writers.acknowledged.length >= afterBackup + 20);
      await writers.stop();
      expect(stdout).toMatch(/^Backed up the \w+ database to .+ \(\d+ bytes, \d+ ms\)\.\n$/);
      expect(duringBackup, 'writes were acknowledged while the backup ran').toBeGreaterThan(0);

      await backupCommand(['restore', file], restored.url);
      const found = await storedMessages(restored.url);
      const missing = beforeBackup.filter((message) => !found.has(message));
      expect(missing).toEqual([]);
      // The restored copy is the whole database: migrated and seeded content came along too.
      const handle = await openDatabase(restored.url);
      try {
        const services = await handle.db.selectFrom('services').select('id').execute();
        expect(services.length).toBeGreaterThan(0);
      } finally {
        await handle.close();
      }
      // And it is a snapshot: what was acknowledged after the backup finished is not in it.
      const later = writers.acknowledged.slice(afterBackup);
      expect(later.filter((message) => found.has(message))).toEqual([]);
    } finally {
      await server.destroy();
      await restored.drop();
    }
  }, 120_000);

  it('restore refuses a file that is not a backup and changes nothing', async () => {
    const server = await startTestServer({ engine });
    try {
      const bogus = join(work, `bogus-${engine}.bin`);
      writeFileSync(bogus, 'not a database backup at all');
      await server.stop();
      const failure = await backupCommand(['restore', bogus], server.config.DATABASE_URL).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure).toMatchObject({ code: 1 });
      expect((failure as { stderr: string }).stderr).toMatch(
        /is not a (backup of this product's SQLite database|pg_dump custom-format archive)\.\n$/,
      );
      const again = await server.restart();
      expect((await again.client.get('/api/services')).status).toBe(200);
      await again.destroy();
    } catch (error) {
      await server.destroy();
      throw error;
    }
  }, 60_000);

  it('scheduled backups: one instance per interval takes them (the lease), retention keeps the newest BACKUP_KEEP', async () => {
    const extension = engine === 'sqlite' ? '.sqlite' : '.dump';
    const old = [1, 2, 3].map((day) => backupFileName(extension, new Date(Date.UTC(2026, 0, day))));
    // Two instances on one database, each with a directory of its own holding three old backups.
    const dirs = [join(work, `scheduled-a-${engine}`), join(work, `scheduled-b-${engine}`)];
    for (const dir of dirs) {
      mkdirSync(dir, { recursive: true });
      for (const name of old) writeFileSync(join(dir, name), 'old');
      writeFileSync(join(dir, 'notes.txt'), 'kept');
    }
    const env = { BACKUP_EVERY: '1h', BACKUP_KEEP: '2' };
    const first = await startTestServer({ engine, env: { ...env, BACKUP_DIR: dirs[0]! } });
    const second = await startTestServer({
      engine,
      env: { ...env, BACKUP_DIR: dirs[1]! },
      databaseUrl: first.config.DATABASE_URL,
      seed: false,
    });
    try {
      // Each instance checks a second after start; whichever takes the lease backs up.
      const fresh = () =>
        dirs.flatMap((dir) =>
          readdirSync(dir)
            .filter((name) => !old.includes(name) && name !== 'notes.txt')
            .map((name) => join(dir, name)),
        );
      // Done when the finished file is there and nothing is being written (a copy in progress
      // is a .partial file, and SQLite may keep a .partial-journal beside it).
      await waitFor(() => fresh().length > 0 && fresh().every((file) => !file.includes('.partial')));
      // Asked again at once, neither backs up: the interval's lease is taken.
      expect(await first.app.backups!.runOnce()).toBeNull();
      expect(await second.app.backups!.runOnce()).toBeNull();
      const written = fresh();
      expect(written, 'one backup between the two instances').toHaveLength(1);
      const dir = dirs.find((each) => written[0]!.startsWith(each))!;
      // Retention in that directory: the newest old one and the new one; other files untouched.
      expect(readdirSync(dir).sort()).toEqual([old[2], written[0]!.split('/').pop(), 'notes.txt'].sort());
      const untouched = dirs.find((each) => each !== dir)!;
      expect(readdirSync(untouched).sort()).toEqual([...old, 'notes.txt'].sort());
    } finally {
      await second.stop();
      await first.destroy();
    }
  }, 60_000);
});
