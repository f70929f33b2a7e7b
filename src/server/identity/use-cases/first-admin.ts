import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { type IdentityContext, newUserId, validEmail, validNewPassword } from '../context';
import { identityError } from '../identity-error';
import { hashPassword } from '../passwords';
import { singleUseTokensRepository } from '../single-use-tokens-repository';
import { randomToken, tokenHash } from '../token-service';
import { userRolesRepository } from '../user-roles-repository';
import { DuplicateEmailError } from '../users-repository';
import { insertStaffAccount } from './staff-account';

/** A first-administrator link is valid this long, and only once. */
export const SETUP_LINK_LIFETIME_MS = 60 * 60_000;

/** The one-time first-administrator links (stored only as hashes). */
const setupTokens = (db: Kysely<Database>) => singleUseTokensRepository(db, 'admin_setup_tokens');

export const setupLinkPath = (token: string) => `/admin/setup?token=${encodeURIComponent(token)}`;

/**
 * While the installation has no administrator: a new one-time link (its token is stored only
 * as a hash). Undefined once an administrator exists.
 */
export async function issueSetupLink(ctx: IdentityContext, nowMs = Date.now()): Promise<string | undefined> {
  if (await ctx.roles.anyAdmin()) return undefined;
  const tokens = setupTokens(ctx.options.db);
  // Links that can never be used again: expired at or before now (before the next millisecond).
  await tokens.deleteExpiredBefore(new Date(nowMs + 1).toISOString());
  const token = randomToken();
  await tokens.insert({
    token_hash: tokenHash(token),
    created_at: new Date(nowMs).toISOString(),
    expires_at: new Date(nowMs + SETUP_LINK_LIFETIME_MS).toISOString(),
    used_at: null,
  });
  return `${ctx.options.publicUrl}${setupLinkPath(token)}`;
}

/** Whether the setup page should offer its form for this token. */
export async function isSetupLinkUsable(ctx: IdentityContext, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 200) return false;
  if (await ctx.roles.anyAdmin()) return false;
  return setupTokens(ctx.options.db).isUsable(tokenHash(token), new Date().toISOString());
}

export interface FirstAdminInput {
  token?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  displayName?: string | undefined;
}

/** What creating the administrator costs, injectable so a test can see it was not paid for a bad link. */
export interface FirstAdminDeps {
  hashPassword: (password: string) => Promise<string>;
}

/**
 * Creates the administrator account through a setup link: the link is used up, the account
 * and its role and the audit entry are written in one transaction, or nothing is. The link and
 * "no administrator yet" are checked first, before the form's fields and long before the
 * password is hashed (the costly step): a bad or spent link costs one lookup. Both are checked
 * again inside the transaction, where they are decided.
 */
export async function createFirstAdmin(
  ctx: IdentityContext,
  input: FirstAdminInput,
  deps: FirstAdminDeps = { hashPassword },
): Promise<{ uid: string; email: string }> {
  if (!input.token || input.token.length > 200) throw identityError('SETUP_LINK_INVALID');
  const token = input.token;
  if (await ctx.roles.anyAdmin()) throw identityError('ADMIN_EXISTS');
  if (!(await setupTokens(ctx.options.db).isUsable(tokenHash(token), new Date().toISOString()))) {
    throw identityError('SETUP_LINK_INVALID');
  }
  const email = validEmail(input.email);
  const password = validNewPassword(input.password);
  const passwordHash = await deps.hashPassword(password);
  const now = new Date().toISOString();
  try {
    return await ctx.options.db.transaction().execute(async (trx) => {
      const roles = userRolesRepository(trx, ctx.options.engine);
      await roles.lockForChange();
      if (await roles.anyAdmin()) throw identityError('ADMIN_EXISTS');
      if (!(await setupTokens(trx).markUsed(tokenHash(token), now, { unexpiredAt: now }))) throw identityError('SETUP_LINK_INVALID');
      const user = await insertStaffAccount(
        trx,
        ctx.options.engine,
        {
          id: newUserId(),
          email,
          passwordHash,
          displayName: input.displayName?.trim().slice(0, 100) || null,
          emailVerified: false,
          role: 'admin',
          grantedBy: null,
          audit: { action: 'role.grant', after: { roles: ['admin'], via: 'setup link' } },
        },
        now,
      );
      return { uid: user.id, email };
    });
  } catch (error) {
    if (error instanceof DuplicateEmailError) throw identityError('EMAIL_EXISTS');
    throw error;
  }
}
