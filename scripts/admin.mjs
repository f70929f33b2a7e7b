// `npm run admin -- grant EMAIL admin|staff` / `revoke EMAIL`: builds the server once if needed,
// then runs the role command against DATABASE_URL.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const distDir = process.env.DIST_DIR ?? 'dist';
const cli = join(distDir, 'server/admin-cli.js');
if (!existsSync(cli)) {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const result = spawnSync(process.execPath, ['--enable-source-maps', cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
