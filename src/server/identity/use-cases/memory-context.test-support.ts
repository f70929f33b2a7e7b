import Fastify from 'fastify';
import { type DatabaseHandle, openDatabase } from '../../platform/db/database';
import { migrateToLatest } from '../../platform/db/migrate';
import { databaseStore } from '../../platform/lib/rate-limit/index';
import { identityContext, type IdentityContext } from '../context';
import { identityLimits } from '../limits';
import { createMailer } from '../mailer';

/** For the use cases' tests: the identity service over a real, migrated SQLite database in memory. */
export async function memoryIdentityContext(): Promise<{ database: DatabaseHandle; ctx: IdentityContext }> {
  const database = await openDatabase('sqlite::memory:');
  await migrateToLatest(database.db);
  const ctx = identityContext({
    db: database.db,
    engine: database.engine,
    issuer: 'test',
    audience: 'test',
    publicUrl: 'http://127.0.0.1',
    authorizedDomains: ['127.0.0.1'],
    mailer: createMailer({ smtpUrl: undefined, from: 'test@example.com', log: Fastify({ logger: false }).log, timeoutMs: 10_000 }),
    limits: identityLimits(databaseStore(database.db)),
  });
  return { database, ctx };
}
