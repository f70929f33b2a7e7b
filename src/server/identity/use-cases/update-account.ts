import type { UserRow } from '../../platform/db/schema';
import { type IdentityContext, type Session, validEmail, validNewPassword } from '../context';
import { identityError } from '../identity-error';
import { hashPassword } from '../passwords';
import { DuplicateEmailError } from '../users-repository';

export interface UpdateAccountInput {
  idToken?: string | undefined;
  oobCode?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  displayName?: string | undefined;
  photoUrl?: string | undefined;
  deleteAttribute?: string[] | undefined;
}

/**
 * Applying a VERIFY_EMAIL code from a mail needs no session. Sent with an ID token of the same
 * account, the one who set the password proved the address: all stays. Without one, whoever
 * opened the mail may not be who set the password (decision 0614): it goes, with every session.
 */
async function applyEmailVerification(ctx: IdentityContext, oobCode: string, idToken: string | undefined): Promise<{ user: UserRow }> {
  const code = await ctx.consumeOobCode(oobCode, 'VERIFY_EMAIL');
  const user = code.user_id ? await ctx.users.findById(code.user_id) : undefined;
  if (!user || user.email !== code.email) throw identityError('INVALID_OOB_CODE');
  const holder = idToken ? await ctx.verify(idToken).catch(() => undefined) : undefined;
  if (!(await ctx.oobCodes.markUsed(code.code_hash, new Date().toISOString()))) throw identityError('INVALID_OOB_CODE');
  if (holder?.user.id === user.id) return { user: (await ctx.users.update(user.id, { email_verified: 1 }))! };
  return { user: await ctx.addressProvedByMailbox(user) };
}

/**
 * accounts:update: changes profile fields; email and password changes need a recent sign-in,
 * end every other session and give the caller a new one.
 */
export async function updateAccount(ctx: IdentityContext, input: UpdateAccountInput): Promise<{ user: UserRow; session?: Session }> {
  if (input.oobCode) return applyEmailVerification(ctx, input.oobCode, input.idToken);
  const caller = await ctx.verify(input.idToken);
  const email = input.email !== undefined ? validEmail(input.email) : undefined;
  const password = input.password !== undefined ? validNewPassword(input.password) : undefined;
  const changesCredential = (email !== undefined && email !== caller.user.email) || password !== undefined;
  if (changesCredential) ctx.requireRecentSignIn(caller);
  const changes: Partial<UserRow> = {};
  if (email !== undefined && email !== caller.user.email) {
    if (await ctx.users.findByEmail(email)) throw identityError('EMAIL_EXISTS');
    changes.email = email;
    changes.email_verified = 0;
  }
  if (password !== undefined) changes.password_hash = await hashPassword(password);
  if (input.displayName !== undefined) changes.display_name = input.displayName.trim() || null;
  if (input.photoUrl !== undefined) changes.photo_url = input.photoUrl.trim() || null;
  for (const attribute of input.deleteAttribute ?? []) {
    if (attribute === 'DISPLAY_NAME') changes.display_name = null;
    if (attribute === 'PHOTO_URL') changes.photo_url = null;
  }
  let user = caller.user;
  if (Object.keys(changes).length > 0) {
    try {
      user = (await ctx.users.update(caller.user.id, changes)) ?? caller.user;
    } catch (error) {
      if (error instanceof DuplicateEmailError) throw identityError('EMAIL_EXISTS');
      throw error;
    }
  }
  if (!changesCredential) return { user };
  await ctx.endAllSessions(user.id);
  const fresh = (await ctx.users.findById(user.id))!;
  return { user: fresh, session: await ctx.issueSession({ kind: 'renewal', caller: { ...caller, user: fresh } }) };
}

/** accounts:delete: needs a recent sign-in. */
export async function deleteAccount(ctx: IdentityContext, idToken: string | undefined): Promise<void> {
  const caller = await ctx.verify(idToken);
  ctx.requireRecentSignIn(caller);
  if (!(await ctx.users.delete(caller.user.id))) throw identityError('USER_NOT_FOUND');
}
