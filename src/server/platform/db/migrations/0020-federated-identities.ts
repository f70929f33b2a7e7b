import { type Kysely, sql } from 'kysely';

/**
 * Sign-in with identity providers: the provider identities linked to accounts, and the
 * short-lived server-side halves of sign-ins in progress (state, nonce, PKCE verifier).
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('federated_identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('federated_id', 'text', (c) => c.notNull().check(sql`length(federated_id) between 1 and 255`))
    .addColumn('email', 'text')
    .addColumn('display_name', 'text')
    .addColumn('photo_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // One account per provider identity; one identity of each provider per account.
    .addUniqueConstraint('federated_identities_identity_unique', ['provider_id', 'federated_id'])
    .addUniqueConstraint('federated_identities_user_provider_unique', ['user_id', 'provider_id'])
    .execute();

  await db.schema
    .createTable('idp_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('auth', 'pending')`))
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('nonce', 'text')
    .addColumn('code_verifier', 'text')
    /** A verified provider identity waiting to be linked (kind 'pending'), JSON. */
    .addColumn('identity', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('idp_sessions_expires_idx').on('idp_sessions').column('expires_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idp_sessions').execute();
  await db.schema.dropTable('federated_identities').execute();
}
