import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * CI's Node.js 22 and 24 passes (scripts/ci.mjs): what can differ between Node.js versions, not
 * the whole suite again. The server's unit tests and the shared rules; the SQLite drivers and
 * the database layer (better-sqlite3 built for each ABI, `node:sqlite` on 24); crypto (password
 * hashes, tokens, signing keys, two-step codes); streams (the live change stream, backups, mail
 * in and out, uploads through sharp); fetch (the identity providers); timers and sockets that
 * end a hung dependency; signals and draining at shutdown; and a smoke pass over HTTP.
 * docs/development.md says why each pass exists.
 */
export const NODE_VERSION_FILES = [
  'src/server/**/*.test.ts',
  'src/common/**/*.test.ts',
  // A smoke pass over HTTP: every face answers.
  'tests/api/foundation.test.ts',
  // The SQLite driver and the database layer: migrations, odd text and blobs through the driver.
  'tests/api/migration-order.test.ts',
  // Another process holding the write lock: the wait happens beside requests on either driver.
  'tests/api/sqlite-write-lock.test.ts',
  'tests/api/odd-text.test.ts',
  'tests/api/admin-images.test.ts',
  // Crypto: password hashes, tokens, signing keys kept encrypted.
  'tests/api/identity.test.ts',
  'tests/api/signing-keys.test.ts',
  // fetch: the identity providers.
  'tests/api/federated.test.ts',
  // Streams: the live change stream, backups, mail in and out.
  'tests/api/live.test.ts',
  'tests/api/backup.test.ts',
  'tests/api/help-desk.test.ts',
  // Timers and sockets that end a hung dependency; signals and draining at shutdown.
  'tests/api/dependency-faults.test.ts',
  'tests/api/shutdown.test.ts',
];

// Not mergeConfig: it would add these files to the whole suite's list instead of replacing it.
export default defineConfig({ ...base, test: { ...base.test, include: NODE_VERSION_FILES } });
