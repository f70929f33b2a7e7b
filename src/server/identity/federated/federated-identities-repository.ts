import type { Kysely } from 'kysely';
import type { Database, FederatedIdentityRow } from '../../platform/db/schema';
import { isUniqueViolation } from '../users-repository';

/** Thrown when an identity is already linked (to anyone), or the account already has one of that provider. */
export class AlreadyLinkedError extends Error {
  override name = 'AlreadyLinkedError';
}

/** All SQL for the federated_identities table. */
export function federatedIdentitiesRepository(db: Kysely<Database>) {
  return {
    async find(providerId: string, federatedId: string): Promise<FederatedIdentityRow | undefined> {
      return db
        .selectFrom('federated_identities')
        .selectAll()
        .where('provider_id', '=', providerId)
        .where('federated_id', '=', federatedId)
        .executeTakeFirst();
    },

    async listForUser(userId: string): Promise<FederatedIdentityRow[]> {
      return db.selectFrom('federated_identities').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
    },

    async insert(row: FederatedIdentityRow): Promise<void> {
      try {
        await db.insertInto('federated_identities').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AlreadyLinkedError();
        throw error;
      }
    },

    async deleteAllForUser(userId: string): Promise<number> {
      const result = await db.deleteFrom('federated_identities').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteForUser(userId: string, providerIds: readonly string[]): Promise<number> {
      if (providerIds.length === 0) return 0;
      const result = await db
        .deleteFrom('federated_identities')
        .where('user_id', '=', userId)
        .where('provider_id', 'in', [...providerIds])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type FederatedIdentitiesRepository = ReturnType<typeof federatedIdentitiesRepository>;
