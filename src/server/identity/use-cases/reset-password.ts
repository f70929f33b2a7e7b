import { type IdentityContext, validNewPassword } from '../context';
import { identityError } from '../identity-error';
import { hashPassword } from '../passwords';

/** accounts:resetPassword. Without newPassword it only checks the code (verifyPasswordResetCode). */
export async function resetPassword(
  ctx: IdentityContext,
  input: { oobCode?: string | undefined; newPassword?: string | undefined },
): Promise<{ email: string }> {
  const code = await ctx.consumeOobCode(input.oobCode, 'PASSWORD_RESET');
  if (input.newPassword === undefined) return { email: code.email };
  const password = validNewPassword(input.newPassword);
  const user = code.user_id ? await ctx.users.findById(code.user_id) : undefined;
  if (!user || user.email !== code.email) throw identityError('INVALID_OOB_CODE');
  if (!(await ctx.oobCodes.markUsed(code.code_hash, new Date().toISOString()))) throw identityError('INVALID_OOB_CODE');
  // The reset proves the address; every session ends below, the old password is replaced.
  await ctx.users.update(user.id, { password_hash: await hashPassword(password), email_verified: 1 });
  // The mailbox proved who they are: clear the failures that may have locked them out.
  await ctx.options.limits.signInPerEmail.reset(user.email);
  await ctx.endAllSessions(user.id);
  return { email: user.email };
}
