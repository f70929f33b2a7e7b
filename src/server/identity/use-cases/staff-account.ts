import type { Kysely } from 'kysely';
import type { Role } from '../../../common/roles';
import { auditRepository } from '../../platform/audit/repository';
import type { Engine } from '../../platform/db/database';
import type { Database, UserRow } from '../../platform/db/schema';
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
