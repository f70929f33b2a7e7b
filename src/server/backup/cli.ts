// `npm run backup [-- FILE]` and `npm run restore -- FILE`: the database named by DATABASE_URL
// (or .env) to a file and back. See docs/backups.md.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../platform/config';
import { BACKUP_EXTENSION, BackupError, backupDatabase, engineOf, restoreDatabase } from './database-backup';
import { backupFileName } from './rules';

const USAGE = 'Usage: npm run backup [-- FILE]   |   npm run restore -- FILE';

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if ((command !== 'backup' && command !== 'restore') || rest.length > 0 || (command === 'restore' && !file)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const engine = engineOf(config.DATABASE_URL);
  if (command === 'backup') {
    const target = file ?? join(config.BACKUP_DIR ?? 'backups', backupFileName(BACKUP_EXTENSION[engine], new Date()));
    const started = Date.now();
    const result = await backupDatabase(config.DATABASE_URL, target);
    process.stdout.write(`Backed up the ${engine} database to ${result.file} (${result.bytes} bytes, ${Date.now() - started} ms).\n`);
    return 0;
  }
  await restoreDatabase(config.DATABASE_URL, file!);
  process.stdout.write(`Restored the ${engine} database from ${file}.\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof BackupError || error instanceof ConfigError;
    process.stderr.write(`${known ? (error as Error).message : `Failed: ${(error as Error).message}`}\n`);
    process.exit(1);
  },
);
