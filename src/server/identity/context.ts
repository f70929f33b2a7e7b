import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AUTH } from '../../common/constants';
import { emailProblem, normaliseEmail, passwordProblem } from '../../common/identity-schemas';
import type { Database, UserRow } from '../db/schema';
import { identityError } from './identity-error';
import type { IdentityLimits } from './limits';
import type { Mailer } from './mailer';
import { type OobRequestType, oobCodesRepository } from './oob-codes-repository';
import { refreshTokensRepository } from './refresh-tokens-repository';
import { isoAfter, isRecentSignIn, issuedBeforeValidSince, REFRESH_TOKEN_LIFETIME_MS } from './rules';
import { signingKeysRepository } from './signing-keys-repository';
import { type IdTokenClaims, randomToken, TokenVerificationError, tokenHash, tokenService } from './token-service';
import { usersRepository } from './users-repository';

export interface IdentityOptions {
  db: Kysely<Database>;
  issuer: string;
  audience: string;
  publicUrl: string;
  authorizedDomains: readonly string[];
  mailer: Mailer;
  limits: IdentityLimits;
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
export const newUserId = () => randomBytes(21).toString('base64url');

export function validEmail(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') throw identityError('MISSING_EMAIL');
  const problem = emailProblem(raw);
  if (problem) throw identityError('INVALID_EMAIL');
  return normaliseEmail(raw);
}

export function validNewPassword(password: string | undefined): string {
  if (password === undefined || password === '') throw identityError('MISSING_PASSWORD');
  const problem = passwordProblem(password);
  if (problem) throw identityError('WEAK_PASSWORD', problem.replace(/\.$/, ''));
  return password;
}

/**
 * What every use case of the identity service shares: the repositories, the token service and
 * the session rules (start, verify, end). Use cases live in `use-cases/`, one file each.
 */
export function identityContext(options: IdentityOptions) {
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
    options,
    users,
    refreshTokens,
    oobCodes,
    tokens,
    idTokenFor,
    startSession,
    recordLogin,
    verify,
    requireRecentSignIn,
    endAllSessions,
    consumeOobCode,
  };
}

export type IdentityContext = ReturnType<typeof identityContext>;
