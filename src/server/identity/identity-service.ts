import { deleteEndedWindows } from '../lib/rate-limit/index';
import { type IdentityContext, identityContext, type IdentityOptions } from './context';
import { resetPassword } from './use-cases/reset-password';
import { refresh } from './use-cases/refresh';
import { sendOobCode, type SendOobCodeInput } from './use-cases/send-oob-code';
import { signInWithEmailLink, type EmailLinkInput } from './use-cases/sign-in-with-email-link';
import { signInWithPassword, type PasswordCredentials } from './use-cases/sign-in-with-password';
import { signUp, type SignUpInput } from './use-cases/sign-up';
import { deleteAccount, updateAccount, type UpdateAccountInput } from './use-cases/update-account';

export type { IdentityOptions, Session, VerifiedCaller } from './context';

/** Deletes sessions and mailed codes that can never be used again. */
async function housekeeping(
  ctx: IdentityContext,
  nowMs = Date.now(),
): Promise<{ refreshTokens: number; oobCodes: number; limitWindows: number }> {
  return {
    refreshTokens: await ctx.refreshTokens.deleteExpiredFamilies(new Date(nowMs).toISOString()),
    oobCodes: await ctx.oobCodes.deleteExpiredBefore(new Date(nowMs - 24 * 60 * 60_000).toISOString()),
    limitWindows: await deleteEndedWindows(ctx.options.db, nowMs),
  };
}

/**
 * The rules of the identity service (DESIGN.md 2, spec 7 and 8), independent of HTTP: the
 * routes translate requests into these calls and IdentityErrors into error bodies. Each use
 * case is a function of the shared context in `use-cases/`.
 */
export function identityService(options: IdentityOptions) {
  const ctx = identityContext(options);
  return {
    tokens: ctx.tokens,
    mailer: options.mailer,
    verify: ctx.verify,
    housekeeping: (nowMs?: number) => housekeeping(ctx, nowMs),
    signUp: (input: SignUpInput, clientAddress: string) => signUp(ctx, input, clientAddress),
    signInWithPassword: (input: PasswordCredentials, clientAddress: string) => signInWithPassword(ctx, input, clientAddress),
    refresh: (refreshToken: string | undefined) => refresh(ctx, refreshToken),
    lookup: async (idToken: string | undefined) => (await ctx.verify(idToken)).user,
    update: (input: UpdateAccountInput) => updateAccount(ctx, input),
    deleteAccount: (idToken: string | undefined) => deleteAccount(ctx, idToken),
    sendOobCode: (input: SendOobCodeInput, clientAddress: string) => sendOobCode(ctx, input, clientAddress),
    resetPassword: (input: { oobCode?: string | undefined; newPassword?: string | undefined }) => resetPassword(ctx, input),
    signInWithEmailLink: (input: EmailLinkInput) => signInWithEmailLink(ctx, input),
  };
}

export type IdentityService = ReturnType<typeof identityService>;
