// `npm run backup [-- FILE]`, `npm run restore -- FILE`: runs the built backup command
// (dist/server/backup.js, src/server/backup/cli.ts), building first if there is no build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const command = join(process.env.DIST_DIR ?? 'dist', 'server', 'backup.js');
if (!existsSync(command)) {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const result = spawnSync(process.execPath, ['--enable-source-maps', command, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
