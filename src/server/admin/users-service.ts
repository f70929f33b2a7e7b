import type { Kysely, Transaction } from 'kysely';
import { sessionTag } from '../../common/session-tag';
import type { Role } from '../../common/roles';
import { auditRepository } from '../platform/audit/repository';
import { appendChange, type ChangeEvent } from '../changes/index';
import type { Engine } from '../platform/db/database';
import type { Database, UserRow } from '../platform/db/schema';
import { refreshTokensRepository, userRolesRepository, usersRepository } from '../identity/index';
import { conflict, notFound } from '../platform/lib/http-error';
import type { Actor } from './roles-service';
import { usersAdminRepository } from './users-admin-repository';

export interface UserDetails {
  uid: string;
  email: string;
  displayName: string | null;
  createdAt: string;
  lastSignInAt: string | null;
  emailVerified: boolean;
  signInMethods: string[];
  roles: Role[];
  disabled: boolean;
}

function describe(user: UserRow, roles: Role[]): UserDetails {
  return {
    uid: user.id,
    email: user.email,
    displayName: user.display_name,
    createdAt: user.created_at,
    lastSignInAt: user.last_login_at,
    emailVerified: user.email_verified === 1,
    // A password account, or one made by an email link that has no password yet.
    signInMethods: user.password_hash ? ['password'] : ['emailLink'],
    roles,
    disabled: user.disabled === 1,
  };
}

/**
 * User administration (admins): each change and its audit entry in one transaction. Disabling
 * and ending sessions revoke every refresh token and move valid_since, so the user's ID tokens
 * stop working at the next request, not at expiry.
 */
export function usersService(db: Kysely<Database>, engine: Engine, announce: (events: ChangeEvent[]) => void = () => undefined) {
  async function load(trx: Kysely<Database>, uid: string): Promise<{ user: UserRow; details: UserDetails }> {
    const user = await usersRepository(trx).findById(uid);
    if (!user) throw notFound(`There is no user with the id "${uid}".`);
    return { user, details: describe(user, await userRolesRepository(trx, engine).rolesOf(uid)) };
  }

  /** Also tells the open app of that account, through the live stream, to check its session at once. */
  async function endSessions(trx: Transaction<Database>, uid: string, now: string): Promise<ChangeEvent> {
    await refreshTokensRepository(trx).revokeAllForUser(uid, now);
    await usersRepository(trx).update(uid, { valid_since: now });
    return sessionsEnded(trx, uid);
  }

  const sessionsEnded = async (trx: Transaction<Database>, uid: string) =>
    appendChange(trx, { topic: 'sessions', kind: 'ended', key: await sessionTag(uid) });

  /** An admin must not lock out the last administrator (themselves included). */
  async function refuseLastAdmin(trx: Kysely<Database>, details: UserDetails, what: string): Promise<void> {
    if (!details.roles.includes('admin')) return;
    const roles = userRolesRepository(trx, engine);
    await roles.lockForChange();
    if ((await roles.adminIdsForUpdate()).length <= 1)
      throw conflict(`This is the last administrator: make someone else an administrator before you ${what} this account.`);
  }

  return {
    async search(emailPrefix: string | undefined, after: string | undefined, limit: number): Promise<UserDetails[]> {
      const rows = await usersAdminRepository(db).search({ emailPrefix, after, limit });
      const roles = userRolesRepository(db, engine);
      return Promise.all(rows.map(async (row) => describe(row, await roles.rolesOf(row.id))));
    },

    async details(uid: string): Promise<UserDetails> {
      return (await load(db, uid)).details;
    },

    async setDisabled(actor: Actor, uid: string, disabled: boolean): Promise<UserDetails> {
      const { after, events } = await db.transaction().execute(async (trx) => {
        const { details: before } = await load(trx, uid);
        if (disabled) await refuseLastAdmin(trx, before, 'disable');
        const now = new Date().toISOString();
        await usersRepository(trx).update(uid, { disabled: disabled ? 1 : 0 });
        const events = disabled ? [await endSessions(trx, uid, now)] : [];
        const { details: after } = await load(trx, uid);
        await auditRepository(trx).record(
          { actor, action: disabled ? 'user.disable' : 'user.enable', itemType: 'user', itemId: uid, before, after },
          now,
        );
        return { after, events };
      });
      announce(events);
      return after;
    },

    async endAllSessions(actor: Actor, uid: string): Promise<void> {
      const event = await db.transaction().execute(async (trx) => {
        const { details } = await load(trx, uid);
        const now = new Date().toISOString();
        const event = await endSessions(trx, uid, now);
        await auditRepository(trx).record({ actor, action: 'user.end_sessions', itemType: 'user', itemId: uid, before: details }, now);
        return event;
      });
      announce([event]);
    },

    async remove(actor: Actor, uid: string): Promise<void> {
      const event = await db.transaction().execute(async (trx) => {
        const { details } = await load(trx, uid);
        await refuseLastAdmin(trx, details, 'delete');
        await usersRepository(trx).delete(uid);
        await auditRepository(trx).record({ actor, action: 'user.delete', itemType: 'user', itemId: uid, before: details });
        return sessionsEnded(trx, uid);
      });
      announce([event]);
    },
  };
}
