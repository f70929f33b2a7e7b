import type { Kysely } from 'kysely';
import type { Role } from '../../../common/roles';
import { auditRepository } from '../../platform/audit/repository';
import type { Engine } from '../../platform/db/database';
import type { Database, UserRow } from '../../platform/db/schema';
import { federatedIdentitiesRepository } from '../federated/federated-identities-repository';
import { mfaPresenceRepository } from '../mfa/mfa-repository';
import { refreshTokensRepository } from '../refresh-tokens-repository';
import { userRolesRepository } from '../user-roles-repository';
import { usersRepository } from '../users-repository';

export interface NewStaffAccount {
  id: string;
  email: string;
  passwordHash: string;
  displayName: string | null;
  /** True when the link that led here was mailed to the address (an invitation). */
  emailVerified: boolean;
  role: Role;
  grantedBy: string | null;
  /** The entry that records it, written by the new account itself. */
  audit: { action: string; after: Record<string, unknown> };
}

/**
 * An account that starts with a staff role (the first administrator, an accepted invitation):
 * the account, its role and the audit entry, in the caller's transaction, where the link that
 * allows it is claimed too. A taken address throws DuplicateEmailError.
 */
export async function insertStaffAccount(trx: Kysely<Database>, engine: Engine, account: NewStaffAccount, now: string): Promise<UserRow> {
  const user = await usersRepository(trx).insert({
    id: account.id,
    email: account.email,
    password_hash: account.passwordHash,
    display_name: account.displayName,
    photo_url: null,
    email_verified: account.emailVerified ? 1 : 0,
    disabled: 0,
    created_at: now,
    last_login_at: null,
    valid_since: now,
  });
  await userRolesRepository(trx, engine).grant(user.id, account.role, account.grantedBy, now);
  await auditRepository(trx).record(
    {
      actor: { id: user.id, email: account.email },
      action: account.audit.action,
      itemType: 'user',
      itemId: user.id,
      after: account.audit.after,
    },
    now,
  );
  return user;
}

/** Whether an invitation may take this account over: its address was never proved, and it is neither staff nor disabled. */
export const isUnprovedAccount = (user: UserRow, roles: readonly Role[]) =>
  user.email_verified !== 1 && user.disabled !== 1 && roles.length === 0;

/**
 * An invitation accepted for an address whose account never proved it (decision 0614, applied to
 * the console): whoever signed up first with someone else's address may hold its password, its
 * sessions, a provider linked to it or an authenticator app enrolled on it. The invited person,
 * who has just proved the mailbox, gets the account with none of those: their password, the
 * address verified, every session ended (refresh tokens revoked, `valid_since` moved), providers
 * unlinked, the second factor removed; then the role and the audit entry, in the caller's
 * transaction, where the invitation is claimed too.
 */
export async function takeOverUnprovedAccount(
  trx: Kysely<Database>,
  engine: Engine,
  user: UserRow,
  account: Omit<NewStaffAccount, 'id' | 'email' | 'emailVerified'>,
  now: string,
): Promise<UserRow> {
  const taken = await usersRepository(trx).update(user.id, {
    password_hash: account.passwordHash,
    display_name: account.displayName,
    photo_url: null,
    email_verified: 1,
    valid_since: now,
  });
  await refreshTokensRepository(trx).revokeAllForUser(user.id, now);
  await federatedIdentitiesRepository(trx).deleteAllForUser(user.id);
  await mfaPresenceRepository(trx).removeAllForUser(user.id);
  await userRolesRepository(trx, engine).grant(user.id, account.role, account.grantedBy, now);
  await auditRepository(trx).record(
    {
      actor: { id: user.id, email: user.email },
      action: account.audit.action,
      itemType: 'user',
      itemId: user.id,
      after: account.audit.after,
    },
    now,
  );
  return taken ?? user;
}
