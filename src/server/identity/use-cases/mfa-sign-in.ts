import type { IdentityContext, Session } from '../context';
import { identityError } from '../identity-error';
import { checkTotp, codeAccepted, countCodeAttempt, wrongCode } from '../mfa/second-factor';
import { normaliseRecoveryCode, recoveryCodeHash } from '../mfa/totp';
import { tokenHash } from '../token-service';

export interface MfaSignInInput {
  mfaPendingCredential?: string | undefined;
  mfaEnrollmentId?: string | undefined;
  verificationCode?: string | undefined;
}

async function pendingSignIn(ctx: IdentityContext, credential: string | undefined) {
  if (!credential) throw identityError('MISSING_MFA_PENDING_CREDENTIAL');
  const row = credential.length <= 200 ? await ctx.mfa.findSession(tokenHash(credential)) : undefined;
  if (!row || row.kind !== 'sign_in' || row.used_at) throw identityError('INVALID_MFA_PENDING_CREDENTIAL');
  if (Date.parse(row.expires_at) <= Date.now()) throw identityError('SESSION_EXPIRED', 'Sign in again: the second step took too long');
  const user = await ctx.users.findById(row.user_id);
  if (!user) throw identityError('USER_NOT_FOUND');
  if (user.disabled === 1) throw identityError('USER_DISABLED');
  return { row, user };
}

/** mfaSignIn:start: checks the pending sign-in is still alive (TOTP needs nothing sent). */
export async function startMfaSignIn(ctx: IdentityContext, input: MfaSignInInput): Promise<void> {
  const { user } = await pendingSignIn(ctx, input.mfaPendingCredential);
  const enrollment = await ctx.mfa.enrollmentFor(user.id);
  if (!enrollment || (input.mfaEnrollmentId && input.mfaEnrollmentId !== enrollment.id)) throw identityError('MFA_ENROLLMENT_NOT_FOUND');
}

/**
 * mfaSignIn:finalize: a 6-digit code (each time step once) or one of the recovery codes (each
 * once) completes the sign-in. Wrong codes are counted like wrong passwords.
 */
export async function finalizeMfaSignIn(ctx: IdentityContext, input: MfaSignInInput, clientAddress: string): Promise<Session> {
  const { row, user } = await pendingSignIn(ctx, input.mfaPendingCredential);
  const mfa = ctx.mfa;
  const enrollment = await mfa.enrollmentFor(user.id);
  if (!enrollment || (input.mfaEnrollmentId && input.mfaEnrollmentId !== enrollment.id)) throw identityError('MFA_ENROLLMENT_NOT_FOUND');
  const code = input.verificationCode?.trim() ?? '';
  const recovery = /^\d{6}$/.test(code) ? null : normaliseRecoveryCode(code.slice(0, 40));
  if (recovery) {
    await countCodeAttempt(ctx, user.id, clientAddress);
    if (!(await mfa.useRecoveryCode(user.id, recoveryCodeHash(recovery), new Date().toISOString()))) wrongCode();
  } else {
    const step = await checkTotp(ctx, user.id, enrollment.secret, code, clientAddress);
    if (!(await mfa.useStep(enrollment.id, step))) wrongCode();
  }
  const session = await ctx.issueSession({ kind: 'second-factor', user, pending: row });
  await codeAccepted(ctx, user.id, clientAddress);
  return session;
}
