import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AUTH } from '../../common/constants';
import { emailProblem, normaliseEmail, passwordProblem } from '../../common/identity-schemas';
import type { Database, UserRow } from '../db/schema';
import { identityError, IdentityError } from './identity-error';
import type { Mailer } from './mailer';
import { type OobRequestType, oobCodesRepository } from './oob-codes-repository';
import { checkPassword, hashPassword } from './passwords';
import { refreshTokensRepository } from './refresh-tokens-repository';
import {
  isAuthorizedContinueUrl,
  isRecentSignIn,
  isoAfter,
  issuedBeforeValidSince,
  OOB_CODE_LIFETIME_MS,
  OOB_SEND_LIMIT_PER_HOUR,
  REFRESH_TOKEN_LIFETIME_MS,
} from './rules';
import type { SignInLimiter } from './sign-in-limiter';
import { signingKeysRepository } from './signing-keys-repository';
import { type IdTokenClaims, randomToken, TokenVerificationError, tokenHash, tokenService } from './token-service';
import { DuplicateEmailError, usersRepository } from './users-repository';

export interface IdentityOptions {
  db: Kysely<Database>;
  issuer: string;
  audience: string;
  publicUrl: string;
  authorizedDomains: readonly string[];
  mailer: Mailer;
  limiter: SignInLimiter;
}

export interface Session {
  idToken: string;
  refreshToken: string;
  expiresIn: string;
  user: UserRow;
}

/** The verified caller of a request that carried an ID token. */
export interface VerifiedCaller {
  user: UserRow;
  claims: IdTokenClaims;
}

/** Firebase-compatible local ids: 28 URL-safe characters. */
const newUserId = () => randomBytes(21).toString('base64url');

function validEmail(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') throw identityError('MISSING_EMAIL');
  const problem = emailProblem(raw);
  if (problem) throw identityError('INVALID_EMAIL');
  return normaliseEmail(raw);
}

function validNewPassword(password: string | undefined): string {
  if (password === undefined || password === '') throw identityError('MISSING_PASSWORD');
  const problem = passwordProblem(password);
  if (problem) throw identityError('WEAK_PASSWORD', problem.replace(/\.$/, ''));
  return password;
}

/**
 * The rules of the identity service (DESIGN.md 2, spec 7 and 8), independent of HTTP: the
 * routes translate requests into these calls and IdentityErrors into error bodies.
 */
export function identityService(options: IdentityOptions) {
  const users = usersRepository(options.db);
  const refreshTokens = refreshTokensRepository(options.db);
  const oobCodes = oobCodesRepository(options.db);
  const tokens = tokenService({ keys: signingKeysRepository(options.db), issuer: options.issuer, audience: options.audience });

  async function idTokenFor(user: UserRow, familyId: string, authTimeSeconds: number): Promise<string> {
    return tokens.signIdToken({
      sub: user.id,
      user_id: user.id,
      email: user.email,
      email_verified: user.email_verified === 1,
      auth_time: authTimeSeconds,
      sid: familyId,
    });
  }

  /** A new session (a new refresh-token family) for a user who just proved who they are. */
  async function startSession(user: UserRow): Promise<Session> {
    const now = Date.now();
    const familyId = randomUUID();
    const refreshToken = randomToken();
    await refreshTokens.insert({
      id: randomUUID(),
      user_id: user.id,
      family_id: familyId,
      token_hash: tokenHash(refreshToken),
      created_at: new Date(now).toISOString(),
      expires_at: isoAfter(now, REFRESH_TOKEN_LIFETIME_MS),
      used_at: null,
      revoked_at: null,
    });
    const idToken = await idTokenFor(user, familyId, Math.floor(now / 1000));
    return { idToken, refreshToken, expiresIn: String(AUTH.idTokenLifetimeSeconds), user };
  }

  async function recordLogin(user: UserRow): Promise<UserRow> {
    return (await users.update(user.id, { last_login_at: new Date().toISOString() })) ?? user;
  }

  /** The caller behind an ID token, or the provider code saying why not. */
  async function verify(idToken: string | undefined): Promise<VerifiedCaller> {
    if (!idToken) throw identityError('MISSING_ID_TOKEN');
    let claims: IdTokenClaims;
    try {
      claims = await tokens.verifyIdToken(idToken);
    } catch (error) {
      if (error instanceof TokenVerificationError) throw identityError(error.problem);
      throw error;
    }
    const user = await users.findById(claims.sub);
    if (!user) throw identityError('USER_NOT_FOUND');
    if (user.disabled === 1) throw identityError('USER_DISABLED');
    if (issuedBeforeValidSince(claims.iat, user.valid_since)) throw identityError('TOKEN_EXPIRED');
    if (!(await refreshTokens.isFamilyActive(user.id, claims.sid))) throw identityError('TOKEN_EXPIRED');
    return { user, claims };
  }

  function requireRecentSignIn(caller: VerifiedCaller): void {
    if (!isRecentSignIn(caller.claims.auth_time, Date.now())) throw identityError('CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
  }

  /** Ends every session of a user (credential change); valid_since stops their ID tokens too. */
  async function endAllSessions(userId: string): Promise<void> {
    const now = new Date().toISOString();
    await refreshTokens.revokeAllForUser(userId, now);
    await users.update(userId, { valid_since: now });
  }

  async function consumeOobCode(oobCode: string | undefined, requestType: OobRequestType) {
    if (!oobCode) throw identityError('MISSING_OOB_CODE');
    const row = await oobCodes.findByHash(tokenHash(oobCode));
    if (!row || row.request_type !== requestType || row.used_at) throw identityError('INVALID_OOB_CODE');
    if (Date.parse(row.expires_at) <= Date.now()) throw identityError('EXPIRED_OOB_CODE');
    return row;
  }

  return {
    tokens,
    mailer: options.mailer,
    verify,

    /** Deletes sessions and mailed codes that can never be used again. */
    async housekeeping(nowMs = Date.now()): Promise<{ refreshTokens: number; oobCodes: number }> {
      return {
        refreshTokens: await refreshTokens.deleteExpiredFamilies(new Date(nowMs).toISOString()),
        oobCodes: await oobCodes.deleteExpiredBefore(new Date(nowMs - 24 * 60 * 60_000).toISOString()),
      };
    },

    async signUp(input: { email?: string | undefined; password?: string | undefined; displayName?: string | undefined }): Promise<Session> {
      const email = validEmail(input.email);
      const password = validNewPassword(input.password);
      if (await users.findByEmail(email)) throw identityError('EMAIL_EXISTS');
      const now = new Date().toISOString();
      let user: UserRow;
      try {
        user = await users.insert({
          id: newUserId(),
          email,
          password_hash: await hashPassword(password),
          display_name: input.displayName?.trim() || null,
          photo_url: null,
          email_verified: 0,
          disabled: 0,
          created_at: now,
          last_login_at: now,
          valid_since: now,
        });
      } catch (error) {
        // Two sign-ups with one address at the same moment: the database decides.
        if (error instanceof DuplicateEmailError) throw identityError('EMAIL_EXISTS');
        throw error;
      }
      return startSession(user);
    },

    async signInWithPassword(
      input: { email?: string | undefined; password?: string | undefined },
      clientAddress: string,
    ): Promise<Session> {
      const email = validEmail(input.email);
      if (!input.password) throw identityError('MISSING_PASSWORD');
      if (await options.limiter.isBlocked(email, clientAddress)) {
        throw new IdentityError(
          'TOO_MANY_ATTEMPTS_TRY_LATER',
          'Access to this account has been temporarily disabled due to many failed login attempts. Try again later or reset your password',
          400,
          { 'Retry-After': String(Math.ceil(options.limiter.rule.windowMs / 1000)) },
        );
      }
      const user = await users.findByEmail(email);
      const matches = await checkPassword(input.password, user?.password_hash);
      if (!user || !matches) {
        await options.limiter.recordFailure(email, clientAddress);
        throw identityError(user ? 'INVALID_PASSWORD' : 'EMAIL_NOT_FOUND');
      }
      if (user.disabled === 1) throw identityError('USER_DISABLED');
      await options.limiter.recordSuccess(email);
      return startSession(await recordLogin(user));
    },

    /** The refresh grant: rotates the token; a reused token ends its whole family. */
    async refresh(refreshToken: string | undefined): Promise<Session> {
      if (!refreshToken) throw identityError('MISSING_REFRESH_TOKEN');
      const row = await refreshTokens.findByHash(tokenHash(refreshToken));
      if (!row) throw identityError('INVALID_REFRESH_TOKEN');
      const nowMs = Date.now();
      const now = new Date(nowMs).toISOString();
      if (row.revoked_at) throw identityError('TOKEN_EXPIRED');
      if (row.used_at || !(await refreshTokens.markUsed(row.id, now))) {
        // Someone holds a copy of a token that was already exchanged: end the session for all.
        await refreshTokens.revokeFamily(row.family_id, now);
        throw identityError('INVALID_REFRESH_TOKEN');
      }
      if (Date.parse(row.expires_at) <= nowMs) throw identityError('TOKEN_EXPIRED');
      const user = await users.findById(row.user_id);
      if (!user) throw identityError('USER_NOT_FOUND');
      if (user.disabled === 1) throw identityError('USER_DISABLED');
      const next = randomToken();
      await refreshTokens.insert({
        id: randomUUID(),
        user_id: user.id,
        family_id: row.family_id,
        token_hash: tokenHash(next),
        created_at: now,
        expires_at: isoAfter(nowMs, REFRESH_TOKEN_LIFETIME_MS),
        used_at: null,
        revoked_at: null,
      });
      const started = (await refreshTokens.familyStartedAt(row.family_id)) ?? row.created_at;
      const idToken = await idTokenFor(user, row.family_id, Math.floor(Date.parse(started) / 1000));
      return { idToken, refreshToken: next, expiresIn: String(AUTH.idTokenLifetimeSeconds), user };
    },

    async lookup(idToken: string | undefined): Promise<UserRow> {
      return (await verify(idToken)).user;
    },

    /**
     * Changes profile fields; email and password changes need a recent sign-in, end every other
     * session and give the caller a new one.
     */
    async update(input: {
      idToken?: string | undefined;
      oobCode?: string | undefined;
      email?: string | undefined;
      password?: string | undefined;
      displayName?: string | undefined;
      photoUrl?: string | undefined;
      deleteAttribute?: string[] | undefined;
    }): Promise<{ user: UserRow; session?: Session }> {
      if (input.oobCode && !input.idToken) {
        // Applying a VERIFY_EMAIL code from a mail needs no session.
        const code = await consumeOobCode(input.oobCode, 'VERIFY_EMAIL');
        const user = code.user_id ? await users.findById(code.user_id) : undefined;
        if (!user || user.email !== code.email) throw identityError('INVALID_OOB_CODE');
        if (!(await oobCodes.markUsed(code.id, new Date().toISOString()))) throw identityError('INVALID_OOB_CODE');
        return { user: (await users.update(user.id, { email_verified: 1 }))! };
      }
      const caller = await verify(input.idToken);
      const email = input.email !== undefined ? validEmail(input.email) : undefined;
      const password = input.password !== undefined ? validNewPassword(input.password) : undefined;
      const changesCredential = (email !== undefined && email !== caller.user.email) || password !== undefined;
      if (changesCredential) requireRecentSignIn(caller);
      const changes: Partial<UserRow> = {};
      if (email !== undefined && email !== caller.user.email) {
        if (await users.findByEmail(email)) throw identityError('EMAIL_EXISTS');
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
          user = (await users.update(caller.user.id, changes)) ?? caller.user;
        } catch (error) {
          if (error instanceof DuplicateEmailError) throw identityError('EMAIL_EXISTS');
          throw error;
        }
      }
      if (!changesCredential) return { user };
      await endAllSessions(user.id);
      const fresh = (await users.findById(user.id))!;
      return { user: fresh, session: await startSession(fresh) };
    },

    async deleteAccount(idToken: string | undefined): Promise<void> {
      const caller = await verify(idToken);
      requireRecentSignIn(caller);
      if (!(await users.delete(caller.user.id))) throw identityError('USER_NOT_FOUND');
    },

    async sendOobCode(input: {
      requestType?: string | undefined;
      email?: string | undefined;
      idToken?: string | undefined;
      continueUrl?: string | undefined;
    }): Promise<{ email: string }> {
      const requestType = input.requestType;
      if (requestType !== 'PASSWORD_RESET' && requestType !== 'EMAIL_SIGNIN' && requestType !== 'VERIFY_EMAIL') {
        throw identityError('INVALID_REQ_TYPE', 'requestType must be PASSWORD_RESET, EMAIL_SIGNIN or VERIFY_EMAIL');
      }
      if (input.continueUrl && !isAuthorizedContinueUrl(input.continueUrl, options.authorizedDomains)) {
        throw identityError('UNAUTHORIZED_DOMAIN', 'Domain not allowlisted by project');
      }
      let user: UserRow | undefined;
      let email: string;
      if (requestType === 'VERIFY_EMAIL') {
        user = (await verify(input.idToken)).user;
        email = user.email;
      } else {
        email = validEmail(input.email);
        user = await users.findByEmail(email);
        if (requestType === 'PASSWORD_RESET' && !user) throw identityError('EMAIL_NOT_FOUND');
      }
      const nowMs = Date.now();
      const sentLastHour = await oobCodes.countSince(email, requestType, new Date(nowMs - 60 * 60_000).toISOString());
      if (sentLastHour >= OOB_SEND_LIMIT_PER_HOUR) {
        throw identityError(requestType === 'PASSWORD_RESET' ? 'RESET_PASSWORD_EXCEED_LIMIT' : 'TOO_MANY_ATTEMPTS_TRY_LATER');
      }
      const code = randomToken();
      await oobCodes.insert({
        id: randomUUID(),
        code_hash: tokenHash(code),
        user_id: user?.id ?? null,
        email,
        request_type: requestType,
        created_at: new Date(nowMs).toISOString(),
        expires_at: isoAfter(nowMs, OOB_CODE_LIFETIME_MS[requestType]),
        used_at: null,
      });
      const params = new URLSearchParams({ oobCode: code });
      if (input.continueUrl) params.set('continueUrl', input.continueUrl);
      const mail = {
        PASSWORD_RESET: {
          subject: 'Reset your Northwind password',
          link: `${options.publicUrl}/forgot-password?mode=resetPassword&${params}`,
          intro: 'Someone (we hope you) asked to reset the password of your Northwind account. Choose a new one here:',
        },
        EMAIL_SIGNIN: {
          subject: 'Your Northwind sign-in link',
          link: `${options.publicUrl}/login?mode=signIn&email=${encodeURIComponent(email)}&${params}`,
          intro: 'Sign in to Northwind with this link:',
        },
        VERIFY_EMAIL: {
          subject: 'Confirm your email address',
          link: `${options.publicUrl}/account?mode=verifyEmail&${params}`,
          intro: 'Confirm that this is your email address:',
        },
      }[requestType];
      const hours = OOB_CODE_LIFETIME_MS[requestType] / 3_600_000;
      await options.mailer.send({
        to: email,
        subject: mail.subject,
        link: mail.link,
        text: `${mail.intro}\n\n${mail.link}\n\nThe link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}. If you did not ask for it, ignore this mail.\n`,
      });
      return { email };
    },

    /** Without newPassword it only checks the code (verifyPasswordResetCode). */
    async resetPassword(input: { oobCode?: string | undefined; newPassword?: string | undefined }): Promise<{ email: string }> {
      const code = await consumeOobCode(input.oobCode, 'PASSWORD_RESET');
      if (input.newPassword === undefined) return { email: code.email };
      const password = validNewPassword(input.newPassword);
      const user = code.user_id ? await users.findById(code.user_id) : undefined;
      if (!user || user.email !== code.email) throw identityError('INVALID_OOB_CODE');
      if (!(await oobCodes.markUsed(code.id, new Date().toISOString()))) throw identityError('INVALID_OOB_CODE');
      await users.update(user.id, { password_hash: await hashPassword(password) });
      // The mailbox proved who they are: clear the failures that may have locked them out.
      await options.limiter.recordSuccess(user.email);
      await endAllSessions(user.id);
      return { email: user.email };
    },

    async signInWithEmailLink(input: {
      email?: string | undefined;
      oobCode?: string | undefined;
      idToken?: string | undefined;
    }): Promise<Session & { isNewUser: boolean }> {
      const email = validEmail(input.email);
      const code = await consumeOobCode(input.oobCode, 'EMAIL_SIGNIN');
      if (code.email !== email) throw identityError('INVALID_EMAIL', 'The email provided does not match the sign-in email address');
      if (input.idToken) {
        const caller = await verify(input.idToken);
        if (caller.user.email !== email) throw identityError('USER_MISMATCH', 'The link belongs to another user');
      }
      if (!(await oobCodes.markUsed(code.id, new Date().toISOString()))) throw identityError('INVALID_OOB_CODE');
      let user = await users.findByEmail(email);
      const isNewUser = !user;
      const now = new Date().toISOString();
      if (!user) {
        try {
          user = await users.insert({
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
          user = (await users.findByEmail(email))!;
        }
      } else {
        if (user.disabled === 1) throw identityError('USER_DISABLED');
        // Reading the mail proves the address.
        user = (await users.update(user.id, { email_verified: 1, last_login_at: now })) ?? user;
      }
      return { ...(await startSession(user)), isNewUser };
    },
  };
}

export type IdentityService = ReturnType<typeof identityService>;
