// `npm run keys -- list | rotate | encrypt`: manages the ID-token signing keys in DATABASE_URL
// (docs/security.md). Builds the server once if needed, then runs its `keys` command.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const distDir = process.env.DIST_DIR ?? 'dist';
const server = join(distDir, 'server/server.js');
if (!existsSync(server)) {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const result = spawnSync(process.execPath, ['--enable-source-maps', server, 'keys', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { LOG_LEVEL: 'warn', ...process.env },
});
process.exit(result.status ?? 1);
