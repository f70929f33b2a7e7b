import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, NewUserRow, UserRow, UsersTable } from '../platform/db/schema';

/** Thrown when an insert or update would give two accounts the same email. */
export class DuplicateEmailError extends Error {
  override name = 'DuplicateEmailError';
}

/** SQLite and PostgreSQL name a unique violation differently. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** All SQL for the users table. */
export function usersRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    async insert(row: NewUserRow): Promise<UserRow> {
      try {
        await db.insertInto('users').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateEmailError();
        throw error;
      }
      return (await this.findById(row.id))!;
    },

    /** The account a sign-up with this Idempotency-Key made. */
    async findBySignupKey(key: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('signup_idempotency_keys')
        .innerJoin('users', 'users.id', 'signup_idempotency_keys.user_id')
        .selectAll('users')
        .where('signup_idempotency_keys.key', '=', key)
        .executeTakeFirst();
    },

    /** The account and its sign-up key in one transaction: a retry never finds one without the other. */
    async insertWithSignupKey(row: NewUserRow, key: string): Promise<UserRow> {
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('users').values(row).execute();
          await trx.insertInto('signup_idempotency_keys').values({ key, user_id: row.id, created_at: row.created_at }).execute();
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateEmailError();
        throw error;
      }
      return (await this.findById(row.id))!;
    },

    async update(id: string, changes: Updateable<UsersTable>): Promise<Selectable<UsersTable> | undefined> {
      try {
        await db.updateTable('users').set(changes).where('id', '=', id).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateEmailError();
        throw error;
      }
      return this.findById(id);
    },

    /** True when a row was deleted; refresh tokens and codes go with it (ON DELETE CASCADE). */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
