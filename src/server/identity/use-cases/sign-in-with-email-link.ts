import { type IdentityContext, newUserId, type Session, validEmail } from '../context';
import { identityError } from '../identity-error';
import { DuplicateEmailError } from '../users-repository';

export interface EmailLinkInput {
  email?: string | undefined;
  oobCode?: string | undefined;
  idToken?: string | undefined;
}

/** accounts:signInWithEmailLink: the mailed code proves the address; a new address makes an account. */
export async function signInWithEmailLink(ctx: IdentityContext, input: EmailLinkInput): Promise<Session & { isNewUser: boolean }> {
  const email = validEmail(input.email);
  const code = await ctx.consumeOobCode(input.oobCode, 'EMAIL_SIGNIN');
  if (code.email !== email) throw identityError('INVALID_EMAIL', 'The email provided does not match the sign-in email address');
  if (input.idToken) {
    const caller = await ctx.verify(input.idToken);
    if (caller.user.email !== email) throw identityError('USER_MISMATCH', 'The link belongs to another user');
  }
  if (!(await ctx.oobCodes.markUsed(code.id, new Date().toISOString()))) throw identityError('INVALID_OOB_CODE');
  let user = await ctx.users.findByEmail(email);
  const isNewUser = !user;
  const now = new Date().toISOString();
  if (!user) {
    try {
      user = await ctx.users.insert({
        id: newUserId(),
        email,
        // No password yet: password sign-in fails until one is set on the account page.
        password_hash: '',
        display_name: null,
        photo_url: null,
        email_verified: 1,
        disabled: 0,
        created_at: now,
        last_login_at: now,
        valid_since: now,
      });
    } catch (error) {
      if (!(error instanceof DuplicateEmailError)) throw error;
      user = (await ctx.users.findByEmail(email))!;
    }
  } else {
    if (user.disabled === 1) throw identityError('USER_DISABLED');
    // Reading the mail proves the address.
    user = (await ctx.users.update(user.id, { email_verified: 1, last_login_at: now })) ?? user;
  }
  return { ...(await ctx.startSession(user)), isNewUser };
}
