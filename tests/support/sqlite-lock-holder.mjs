// Another process holding a SQLite database's write lock, for fault tests.
// Usage: node sqlite-lock-holder.mjs FILE DRIVER (DRIVER: better-sqlite3 | node:sqlite, the one the
// server uses on this Node.js). Prints "locked" once inside BEGIN IMMEDIATE, holds the lock until a
// line "release" arrives on stdin, then commits, prints "released" and exits.
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

const [file, driver] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const db =
  driver === 'node:sqlite'
    ? new (require('node:sqlite').DatabaseSync)(file)
    : new (require('better-sqlite3'))(file, { fileMustExist: true });
// Taking the lock waits for a write of the server in progress, not for ever.
db.exec('PRAGMA busy_timeout = 10000');
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\n');

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() !== 'release') return;
  db.exec('COMMIT');
  db.close();
  process.stdout.write('released\n');
  lines.close();
});
// A test that ends without releasing (a failure) closes stdin: the lock goes with the process.
lines.on('close', () => process.exit(0));
