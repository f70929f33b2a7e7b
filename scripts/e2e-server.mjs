// The server the end-to-end tests run against: the built server on a fresh SQLite database.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const file = process.env.E2E_DATABASE_FILE;
if (file) for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
await import(resolve(process.env.DIST_DIR ?? 'dist', 'server', 'server.js'));
