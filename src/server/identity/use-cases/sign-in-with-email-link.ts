import { type IdentityContext, newUserId, type Session, validEmail } from '../context';
import type { MfaRequired } from '../mfa/second-factor';
import { identityError } from '../identity-error';
import { DuplicateEmailError } from '../users-repository';

export interface EmailLinkInput {
  email?: string | undefined;
  oobCode?: string | undefined;
  idToken?: string | undefined;
}

/**
 * accounts:signInWithEmailLink: the mailed code proves the address; a new address makes an
 * account. The link is a first step like a password: an account with two-step sign-in gets the
 * pending credential, not a session. With `idToken` (linking the link to the signed-in caller)
 * the caller's session, which passed the gate, is renewed.
 */
export async function signInWithEmailLink(
  ctx: IdentityContext,
  input: EmailLinkInput,
): Promise<(Session & { isNewUser: boolean }) | (MfaRequired & { isNewUser: false })> {
  const email = validEmail(input.email);
  // A first email-link sign-in creates the account: that is a sign-up too.
  if (!(await ctx.users.findByEmail(email))) await ctx.requireSignUpOpen();
  const code = await ctx.consumeOobCode(input.oobCode, 'EMAIL_SIGNIN');
  if (code.email !== email) throw identityError('INVALID_EMAIL', 'The email provided does not match the sign-in email address');
  const caller = input.idToken ? await ctx.verify(input.idToken) : undefined;
  if (caller && caller.user.email !== email) throw identityError('USER_MISMATCH', 'The link belongs to another user');
  if (!(await ctx.oobCodes.markUsed(code.code_hash, new Date().toISOString()))) throw identityError('INVALID_OOB_CODE');
  let user = await ctx.users.findByEmail(email);
  const isNewUser = !user;
  if (!user) {
    const now = new Date().toISOString();
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
    // Reading the mail proves the address; a password nobody proved goes (decision 0614).
    user = await ctx.addressProvedByMailbox(user);
  }
  if (caller) {
    // The caller's own session (already past the gate), renewed; fetched again in case the mailbox proof changed it.
    const renewed = await ctx.issueSession({ kind: 'renewal', caller: { ...caller, user } });
    return { ...renewed, isNewUser };
  }
  const result = await ctx.issueSession({ kind: 'sign-in', user });
  return 'mfaPendingCredential' in result ? { ...result, isNewUser: false } : { ...result, isNewUser };
}
