import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseConnectionError, openDatabase } from './db/database';
import { MigrationError, migrateToLatest } from './db/migrate';
import { seedDemo } from './db/seed/index';
import { KeyDecryptionError } from './identity/key-cipher';
import { runKeysCommand } from './identity/keys-command';

/** Fails start-up with one clear line on stderr and a non-zero exit code. */
function fail(message: string): never {
  process.stderr.write(`Start-up failed: ${message}\n`);
  process.exit(1);
}

async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return redis;
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis at ${new URL(url).host}: ${(error as Error).message}`);
  }
}

async function main() {
  // A local .env (see .env.example) fills in variables the shell did not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }

  let database;
  try {
    database = await openDatabase(config.DATABASE_URL);
    await migrateToLatest(database.db);
    if (config.SEED === 'demo') await seedDemo(database.db);
  } catch (error) {
    if (error instanceof DatabaseConnectionError || error instanceof MigrationError) fail(error.message);
    fail(`Database set-up failed: ${(error as Error).message}`);
  }

  // `server.js keys <command>` (npm run keys): manage the signing keys, then exit.
  if (process.argv[2] === 'keys') {
    try {
      const lines = await runKeysCommand(database.db, process.argv[3], config.KEY_ENCRYPTION_SECRET);
      process.stdout.write(`${lines.join('\n')}\n`);
    } catch (error) {
      await database.close();
      fail((error as Error).message);
    }
    await database.close();
    process.exit(0);
  }

  let redis: Redis | null = null;
  if (config.REDIS_URL) {
    try {
      redis = await connectRedis(config.REDIS_URL);
    } catch (error) {
      await database.close();
      fail((error as Error).message);
    }
  }

  let app;
  try {
    app = await buildApp({ config, database, redis });
  } catch (error) {
    await database.close();
    redis?.disconnect();
    if (error instanceof KeyDecryptionError) fail(error.message);
    throw error;
  }
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`Port ${config.PORT} is already in use; stop the other program or set PORT.`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') fail(`Cannot listen on host "${config.HOST}"; set HOST to a local address.`);
    fail(`Cannot listen on ${config.HOST}:${config.PORT}: ${(error as Error).message}`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A hard deadline so a stuck request cannot keep the process alive forever.
    const deadline = setTimeout(() => process.exit(1), 10_000);
    deadline.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
