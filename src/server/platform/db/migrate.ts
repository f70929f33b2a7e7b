import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
import { migrations } from './migrations/index';
import type { Database } from './schema';

const provider: MigrationProvider = { getMigrations: async () => migrations };

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date. Safe to run on every start and from several instances. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Features take migration numbers from their own ranges, so a later-merged feature may bring a
  // lower number than one a database already ran: apply it anyway.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new MigrationError(
      `Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
