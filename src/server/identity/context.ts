import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { emailProblem, normaliseEmail, passwordProblem } from '../../common/identity-schemas';
import type { Role } from '../../common/roles';
import { auditRepository } from '../platform/audit/repository';
import type { Engine } from '../platform/db/database';
import type { Database, UserRow } from '../platform/db/schema';
import { settingsRepository } from '../platform/settings/repository';
import type { IdentityProviderConfig } from './federated/provider-config';
import { identityError } from './identity-error';
import type { IdentityLimits } from './limits';
import type { Mailer } from './mailer';
import { type OobRequestType, oobCodesRepository } from './oob-codes-repository';
import { refreshTokensRepository } from './refresh-tokens-repository';
import { isRecentSignIn, issuedBeforeValidSince } from './rules';
import { keyCipher } from './key-cipher';
import { mfaRepository } from './mfa/mfa-repository';
import { TOTP_SECRET_INFO } from './mfa/second-factor';
import { sessionGate } from './session-gate';
import { signingKeyRing } from './signing-key-ring';
import { signingKeysRepository } from './signing-keys-repository';
import { type IdTokenClaims, TokenVerificationError, tokenHash, tokenService } from './token-service';
import { userRolesRepository } from './user-roles-repository';
import { usersRepository } from './users-repository';

export interface IdentityOptions {
  db: Kysely<Database>;
  engine: Engine;
  issuer: string;
  audience: string;
  publicUrl: string;
  authorizedDomains: readonly string[];
  mailer: Mailer;
  limits: IdentityLimits;
  /** KEY_ENCRYPTION_SECRET: private signing keys are encrypted at rest when set. */
  keyEncryptionSecret?: string | undefined;
  /** Sign-in providers (IDENTITY_PROVIDERS); none by default. */
  identityProviders?: readonly IdentityProviderConfig[];
  /** Where provider-call failures are logged (never with tokens or secrets). */
  warn?: (message: string) => void;
}

export type { Session } from './session-gate';

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
  const roles = userRolesRepository(options.db, options.engine);
  const settings = settingsRepository(options.db);
  const mfa = mfaRepository(options.db, keyCipher(options.keyEncryptionSecret, TOTP_SECRET_INFO));
  const keyRing = signingKeyRing({ keys: signingKeysRepository(options.db), cipher: keyCipher(options.keyEncryptionSecret) });
  const tokens = tokenService({ keys: keyRing, issuer: options.issuer, audience: options.audience });

  /** Staff sign-ins go to the audit log; ordinary users' do not. */
  async function auditStaffSignIn(user: UserRow, userRoles: readonly Role[]): Promise<void> {
    if (userRoles.length === 0) return;
    await auditRepository(options.db).record({
      actor: { id: user.id, email: user.email },
      action: 'staff.sign_in',
      itemType: 'user',
      itemId: user.id,
      after: { roles: userRoles },
    });
  }

  /** accounts:signUp and first sign-ins that create an account are refused while sign-up is closed. */
  async function requireSignUpOpen(): Promise<void> {
    if (!(await settings.get('signUpOpen'))) {
      throw identityError('ADMIN_ONLY_OPERATION', 'Sign-up is closed on this site; an administrator can create your account');
    }
  }

  // The only way to tokens (decision 0113): no use case signs or stores a token itself.
  const gate = sessionGate({
    users,
    refreshTokens,
    tokens,
    mfa,
    rolesOf: (userId) => roles.rolesOf(userId),
    auditStaffSignIn,
  });

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

  /**
   * The mailbox owner proved the address (email link, verification, reset: decision 0614). A
   * password set before the address was ever proved may be an attacker's who signed up with
   * someone else's address: it is dropped and every session of the account ends.
   */
  async function addressProvedByMailbox(user: UserRow): Promise<UserRow> {
    if (user.email_verified === 1) return user;
    if (user.password_hash) {
      await endAllSessions(user.id);
      return (await users.update(user.id, { email_verified: 1, password_hash: '' })) ?? user;
    }
    return (await users.update(user.id, { email_verified: 1 })) ?? user;
  }

  async function consumeOobCode(oobCode: string | undefined, requestType: OobRequestType) {
    if (!oobCode) throw identityError('MISSING_OOB_CODE');
    const row = await oobCodes.find(tokenHash(oobCode));
    if (!row || row.request_type !== requestType || row.used_at) throw identityError('INVALID_OOB_CODE');
    if (Date.parse(row.expires_at) <= Date.now()) throw identityError('EXPIRED_OOB_CODE');
    return row;
  }

  return {
    options,
    users,
    refreshTokens,
    oobCodes,
    roles,
    settings,
    mfa,
    tokens,
    requireSignUpOpen,
    issueSession: gate.issue,
    verify,
    requireRecentSignIn,
    endAllSessions,
    addressProvedByMailbox,
    consumeOobCode,
  };
}

export type IdentityContext = ReturnType<typeof identityContext>;
