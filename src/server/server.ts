import { existsSync } from 'node:fs';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { batchedStdout } from './platform/logging/batched-stdout';
import { type Config, ConfigError, loadConfig } from './platform/config';
import { DatabaseConnectionError, openDatabase } from './platform/db/database';
import { MigrationError, migrateToLatest } from './platform/db/migrate';
import { seedDemo } from './platform/db/seed/index';
import { KeyDecryptionError } from './identity/key-cipher';
import { runKeysCommand } from './identity/keys-command';
import { connectRedis } from './platform/redis';

/** Fails start-up with one clear line on stderr and a non-zero exit code. */
function fail(message: string): never {
  process.stderr.write(`Start-up failed: ${message}\n`);
  process.exit(1);
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
    database = await openDatabase(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE, timeoutMs: config.DATABASE_TIMEOUT_MS });
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
  // Redis reports outages to the server's log, which exists only once the app is built.
  const logs: { log?: FastifyBaseLogger } = {};
  if (config.REDIS_URL) {
    try {
      redis = await connectRedis(config.REDIS_URL, { timeoutMs: config.REDIS_TIMEOUT_MS, log: () => logs.log });
    } catch (error) {
      await database.close();
      fail((error as Error).message);
    }
  }

  let app;
  try {
    // Log lines leave in one write per turn of the event loop (logging/batched-stdout.ts).
    app = await buildApp({ config, database, redis, logger: { stream: batchedStdout() } });
  } catch (error) {
    await database.close();
    redis?.disconnect();
    if (error instanceof KeyDecryptionError) fail(error.message);
    throw error;
  }
  logs.log = app.log;
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app.close().catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`Port ${config.PORT} is already in use; stop the other program or set PORT.`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') fail(`Cannot listen on host "${config.HOST}"; set HOST to a local address.`);
    fail(`Cannot listen on ${config.HOST}:${config.PORT}: ${(error as Error).message}`);
  }

  const shutdown = gracefulShutdown(app, config);
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * SIGTERM: readiness fails at once while requests are still served for SHUTDOWN_DRAIN_MS (the
 * balancer notices and stops sending), then the server closes, finishing in-flight requests
 * within SHUTDOWN_TIMEOUT_MS. SIGINT (Ctrl+C) or a second signal skips what is left of the drain.
 */
function gracefulShutdown(app: FastifyInstance, config: Config) {
  let skipDrain: (() => void) | undefined;
  let started = false;
  return (signal: 'SIGTERM' | 'SIGINT') => {
    if (started) {
      skipDrain?.();
      return;
    }
    started = true;
    app.lifecycle.startDraining();
    const drainMs = signal === 'SIGTERM' ? config.SHUTDOWN_DRAIN_MS : 0;
    app.log.info({ signal, drainMs }, 'shutting down: readiness now fails; draining, then finishing in-flight requests');
    const drained = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, drainMs);
      skipDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    void drained.then(() => {
      // A hard deadline so a stuck request cannot keep the process alive for ever.
      setTimeout(() => {
        app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown deadline passed with requests still in flight');
        process.exit(1);
      }, config.SHUTDOWN_TIMEOUT_MS).unref();
      app.close().then(
        () => {
          app.log.info('shut down');
          process.exit(0);
        },
        () => process.exit(1),
      );
    });
  };
}

void main();
