import { deleteEndedWindows } from '../platform/lib/rate-limit/index';
import { type IdentityContext, identityContext, type IdentityOptions } from './context';
import type { SessionRoute } from './session-routes';
import { createFirstAdmin, type FirstAdminInput, isSetupLinkUsable, issueSetupLink } from './use-cases/first-admin';
import { type FederatedContext, federatedContext } from './federated/federated-context';
import { publicProviderInfo } from './federated/provider-config';
import { createAuthUri, type CreateAuthUriInput } from './use-cases/create-auth-uri';
import { signInWithIdp, type SignInWithIdpInput } from './use-cases/sign-in-with-idp';
import { applyUnlink, planUnlink } from './use-cases/unlink-providers';
import { mfaInfoOf } from './mfa/second-factor';
import { singleUseTokensRepository } from './single-use-tokens-repository';
import { finalizeTotpEnrollment, type FinalizeEnrollmentInput, startTotpEnrollment, withdrawEnrollment } from './use-cases/mfa-enrollment';
import { finalizeMfaSignIn, type MfaSignInInput, startMfaSignIn } from './use-cases/mfa-sign-in';
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
): Promise<{
  refreshTokens: number;
  oobCodes: number;
  limitWindows: number;
  signingKeys: number;
  idpSessions: number;
  mfaSessions: number;
}> {
  return {
    refreshTokens: await ctx.refreshTokens.deleteExpiredFamilies(new Date(nowMs).toISOString()),
    oobCodes: await ctx.oobCodes.deleteExpiredBefore(new Date(nowMs - 24 * 60 * 60_000).toISOString()),
    limitWindows: await deleteEndedWindows(ctx.options.db, nowMs),
    signingKeys: await ctx.tokens.dropExpiredKeys(nowMs),
    idpSessions: await singleUseTokensRepository(ctx.options.db, 'idp_sessions').deleteExpiredBefore(new Date(nowMs).toISOString()),
    mfaSessions: await ctx.mfa.deleteExpiredSessions(new Date(nowMs).toISOString()),
  };
}

/** accounts:update, with `deleteProvider` checked before any change and applied after the others. */
async function updateWithUnlink(
  ctx: IdentityContext,
  fed: FederatedContext,
  input: UpdateAccountInput & { deleteProvider?: string[] | undefined },
) {
  const removing = input.deleteProvider ?? [];
  if (removing.length > 0) await planUnlink(fed, (await ctx.verify(input.idToken)).user, removing);
  const result = await updateAccount(ctx, input);
  if (removing.length === 0) return result;
  return { ...result, user: await applyUnlink(fed, result.user, removing) };
}

/**
 * The rules of the identity service, independent of HTTP: the
 * routes translate requests into these calls and IdentityErrors into error bodies. Each use
 * case is a function of the shared context in `use-cases/`.
 */
export function identityService(options: IdentityOptions) {
  const ctx = identityContext(options);
  const fed = federatedContext(ctx, options.identityProviders ?? [], options.warn ?? (() => undefined));
  return {
    providers: publicProviderInfo(options.identityProviders ?? []),
    createAuthUri: (input: CreateAuthUriInput) => createAuthUri(fed, input),
    signInWithIdp: (input: SignInWithIdpInput) => signInWithIdp(fed, input),
    linkedProviders: (userId: string) => fed.links.listForUser(userId),
    mfaInfo: async (userId: string) => {
      const enrollment = await ctx.mfa.enrollmentFor(userId);
      return enrollment ? [mfaInfoOf(enrollment)] : [];
    },
    startTotpEnrollment: (idToken: string | undefined) => startTotpEnrollment(ctx, idToken),
    finalizeTotpEnrollment: (input: FinalizeEnrollmentInput, clientAddress: string) => finalizeTotpEnrollment(ctx, input, clientAddress),
    withdrawEnrollment: (idToken: string | undefined, enrollmentId: string | undefined) => withdrawEnrollment(ctx, idToken, enrollmentId),
    startMfaSignIn: (input: MfaSignInInput) => startMfaSignIn(ctx, input),
    finalizeMfaSignIn: (input: MfaSignInInput, clientAddress: string) => finalizeMfaSignIn(ctx, input, clientAddress),
    tokens: ctx.tokens,
    /** The identity routes that can answer tokens and their grants, filled as routes.ts registers them. */
    sessionRoutes: [] as SessionRoute[],
    mailer: options.mailer,
    verify: ctx.verify,
    housekeeping: (nowMs?: number) => housekeeping(ctx, nowMs),
    signUp: (input: SignUpInput, clientAddress: string, idempotencyKey?: string | null) =>
      signUp(ctx, input, clientAddress, idempotencyKey),
    signInWithPassword: (input: PasswordCredentials, clientAddress: string) => signInWithPassword(ctx, input, clientAddress),
    refresh: (refreshToken: string | undefined) => refresh(ctx, refreshToken),
    lookup: async (idToken: string | undefined) => (await ctx.verify(idToken)).user,
    update: (input: UpdateAccountInput & { deleteProvider?: string[] | undefined }) => updateWithUnlink(ctx, fed, input),
    deleteAccount: (idToken: string | undefined) => deleteAccount(ctx, idToken),
    sendOobCode: (input: SendOobCodeInput, clientAddress: string) => sendOobCode(ctx, input, clientAddress),
    resetPassword: (input: { oobCode?: string | undefined; newPassword?: string | undefined }) => resetPassword(ctx, input),
    signInWithEmailLink: (input: EmailLinkInput) => signInWithEmailLink(ctx, input),
    rolesOf: (userId: string) => ctx.roles.rolesOf(userId),
    issueSetupLink: () => issueSetupLink(ctx),
    isSetupLinkUsable: (token: string | undefined) => isSetupLinkUsable(ctx, token),
    createFirstAdmin: (input: FirstAdminInput) => createFirstAdmin(ctx, input),
  };
}

export type IdentityService = ReturnType<typeof identityService>;
