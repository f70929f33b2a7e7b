import type { Kysely } from 'kysely';
import { type Role, wouldRemoveLastAdmin } from '../../common/roles';
import { auditRepository } from '../platform/audit/repository';
import { type ChangeEvent, recordAccessChange } from '../changes/index';
import type { Engine } from '../platform/db/database';
import type { Database } from '../platform/db/schema';
import { userRolesRepository, usersRepository } from '../identity/index';
import { conflict, notFound } from '../platform/lib/http-error';
import { type Settings, settingsRepository } from '../platform/settings/repository';

/** Who made a change: a staff member, or the operator's command line (null). */
export type Actor = { id: string; email: string } | null;

export interface RoleChange {
  userId: string;
  email: string;
  roles: Role[];
  changed: boolean;
}

/**
 * Anyone may sign up with an address that is not theirs: an account that never proved its address
 * gets no console role, or whoever signed up first as `newhire@…` would be given the console.
 */
export const unprovedAddress = (email: string) =>
  conflict(
    `${email} has never proved its email address (anyone can sign up with an address that is not theirs), so it cannot be given a console role. ` +
      'Invite the address from Users instead: the invitation’s link proves it and takes the account over. ' +
      'Or ask the owner of the address to confirm it with the link in the verification mail first.',
    { email: 'not verified' },
  );

/**
 * Role and settings changes. Each change and its audit entry are written in one transaction;
 * the last-admin rule reads the admins under a lock so two removals cannot both pass it. Every
 * grant (the console's Users page, the operator's command line) needs a verified address.
 */
export function rolesService(db: Kysely<Database>, engine: Engine, announce: (events: ChangeEvent[]) => void = () => undefined) {
  async function change(actor: Actor, target: { id?: string; email?: string }, role: Role, grant: boolean): Promise<RoleChange> {
    const events: ChangeEvent[] = [];
    const result = await db.transaction().execute(async (trx) => {
      const users = usersRepository(trx);
      const user = target.id ? await users.findById(target.id) : await users.findByEmail(target.email ?? '');
      if (!user)
        throw notFound(target.id ? `There is no user with the id "${target.id}".` : `There is no user with the email "${target.email}".`);
      if (grant && user.email_verified !== 1) throw unprovedAddress(user.email);
      const roles = userRolesRepository(trx, engine);
      await roles.lockForChange();
      const before = await roles.rolesOf(user.id);
      if (!grant && actor?.id === user.id && wouldRemoveLastAdmin(await roles.adminIdsForUpdate(), user.id, role)) {
        throw conflict('You are the last administrator: make someone else an administrator before removing your own role.');
      }
      const now = new Date().toISOString();
      const changed = grant ? await roles.grant(user.id, role, actor?.id ?? null, now) : await roles.revoke(user.id, role);
      const after = await roles.rolesOf(user.id);
      if (changed) {
        await auditRepository(trx).record(
          {
            actor,
            action: grant ? 'role.grant' : 'role.revoke',
            itemType: 'user',
            itemId: user.id,
            before: { roles: before },
            after: { roles: after },
          },
          now,
        );
        // Their open staff streams are checked again at once and closed (src/server/changes/hub.ts).
        if (!grant) events.push(await recordAccessChange(trx, user.id));
      }
      return { userId: user.id, email: user.email, roles: after, changed };
    });
    announce(events);
    return result;
  }

  return {
    grant: (actor: Actor, target: { id?: string; email?: string }, role: Role) => change(actor, target, role, true),
    revoke: (actor: Actor, target: { id?: string; email?: string }, role: Role) => change(actor, target, role, false),

    settings: () => settingsRepository(db).all(),

    async updateSettings(actor: Actor, patch: Partial<Settings>): Promise<Settings> {
      const events: ChangeEvent[] = [];
      const result = await db.transaction().execute(async (trx) => {
        const settings = settingsRepository(trx);
        const before = await settings.all();
        const now = new Date().toISOString();
        for (const [key, value] of Object.entries(patch) as [keyof Settings, boolean][]) {
          if (before[key] !== value) await settings.set(key, value, actor?.id ?? null, now);
        }
        const after = await settings.all();
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await auditRepository(trx).record({ actor, action: 'settings.update', itemType: 'settings', itemId: null, before, after }, now);
        }
        // Staff without a second factor may no longer read the inbox: every staff stream is checked.
        if (after.staffTwoStepRequired && !before.staffTwoStepRequired) events.push(await recordAccessChange(trx, null));
        return after;
      });
      announce(events);
      return result;
    },
  };
}

export type RolesService = ReturnType<typeof rolesService>;
