// `npm start`: builds once if needed, then runs the server (which migrates and seeds on start).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const distDir = process.env.DIST_DIR ?? 'dist';
const needed = ['client/index.html', 'ssr/entry-server.js', 'server/server.js'];
if (!needed.every((file) => existsSync(join(distDir, file)))) {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const server = spawn(process.execPath, ['--enable-source-maps', join(distDir, 'server/server.js')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
