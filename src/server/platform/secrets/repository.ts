import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** All SQL for the server_secrets table. */
export function serverSecretsRepository(db: Kysely<Database>) {
  return {
    /**
     * The named secret, made on first use: 32 random bytes, base64url. Instances starting at
     * once all insert-if-absent and then read back the one row that won, so they agree on it.
     */
    async secret(name: string): Promise<Buffer> {
      await db
        .insertInto('server_secrets')
        .values({ name, value: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64url');
    },
  };
}
