import { type Kysely, sql } from 'kysely';
import { isRole, type Role } from '../../common/roles';
import type { Engine } from '../platform/db/database';
import type { Database } from '../platform/db/schema';

/** All SQL for the user_roles table. Pass a transaction to write with other changes. */
export function userRolesRepository(db: Kysely<Database>, engine: Engine) {
  return {
    async rolesOf(userId: string): Promise<Role[]> {
      const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
      return rows.map((row) => row.role).filter(isRole);
    },

    /**
     * Inside a PostgreSQL transaction: no other transaction changes roles until this one ends
     * (two first-admin links used at the same moment make one admin, not two).
     */
    async lockForChange(): Promise<void> {
      if (engine === 'postgres') await sql`lock table user_roles in share row exclusive mode`.execute(db);
    },

    async anyAdmin(): Promise<boolean> {
      const row = await db.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The ids of every admin. Inside a PostgreSQL transaction the rows stay locked until it
     * ends, so two admins removing themselves at once cannot both see "another admin is left".
     * (SQLite runs one write transaction at a time.)
     */
    async adminIdsForUpdate(): Promise<string[]> {
      let query = db.selectFrom('user_roles').select('user_id').where('role', '=', 'admin');
      if (engine === 'postgres') query = query.forUpdate();
      return (await query.execute()).map((row) => row.user_id);
    },

    /** True when the role was added (false: the user had it already). */
    async grant(userId: string, role: Role, grantedBy: string | null, now: string): Promise<boolean> {
      const result = await db
        .insertInto('user_roles')
        .values({ user_id: userId, role, granted_at: now, granted_by: grantedBy })
        .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** True when the role was removed (false: the user did not have it). */
    async revoke(userId: string, role: Role): Promise<boolean> {
      const result = await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type UserRolesRepository = ReturnType<typeof userRolesRepository>;
