import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { migrations } from '../../src/server/platform/db/migrations/index';
import { createTestDatabase } from '../support/test-server';

describe('migrations added with a lower number than ones already run', () => {
  it('are run on the next start instead of stopping it', async () => {
    const created = await createTestDatabase('sqlite');
    const database = await openDatabase(created.url);
    try {
      // A database from before the provider-sign-in migrations, with later numbers already run.
      const older = Object.fromEntries(Object.entries(migrations).filter(([name]) => !name.startsWith('002')));
      const { error } = await new Migrator({ db: database.db, provider: { getMigrations: async () => older } }).migrateToLatest();
      expect(error).toBeUndefined();
      const ran = await migrateToLatest(database.db);
      expect(ran).toEqual(expect.arrayContaining(['0020-federated-identities', '0021-two-step-sign-in']));
      await database.db.selectFrom('federated_identities').select('id').execute();
      await database.db.selectFrom('mfa_enrollments').select('id').execute();
    } finally {
      await database.close();
      await created.drop();
    }
  });
});
