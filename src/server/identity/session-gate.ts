import { randomUUID } from 'node:crypto';
import { AUTH } from '../../common/constants';
import type { Role } from '../../common/roles';
import { roleClaims } from '../../common/roles';
import type { MfaSessionRow, UserRow } from '../platform/db/schema';
import { identityError } from './identity-error';
import type { MfaRepository } from './mfa/mfa-repository';
import { MFA_PENDING_LIFETIME_MS, type MfaRequired, mfaInfoOf } from './mfa/second-factor';
import type { RefreshTokensRepository } from './refresh-tokens-repository';
import { isoAfter, REFRESH_TOKEN_LIFETIME_MS } from './rules';
import { randomToken, type TokenService, tokenHash } from './token-service';
import type { UsersRepository } from './users-repository';

export interface Session {
  idToken: string;
  refreshToken: string;
  expiresIn: string;
  user: UserRow;
}

/**
 * Why tokens are being issued (decision 0113). Each way into an account names one of these;
 * the gate decides what it is worth.
 */
export type SessionGrant =
  /** A first factor was just proved: a password, a mailed link, a provider, a new account. */
  | { kind: 'sign-in'; user: UserRow }
  /** mfaSignIn:finalize after a right code: the pending sign-in the gate handed out, spent here. */
  | { kind: 'second-factor'; user: UserRow; pending: MfaSessionRow }
  /**
   * A caller whose session already passed the gate gets a new session (credential or factor
   * change, linking a provider or an email link): never more recent than the sign-in it rests on.
   */
  | { kind: 'renewal'; caller: { user: UserRow; claims: { auth_time: number } } }
  /** The refresh grant: the same session (family) goes on; nobody signs in. */
  | { kind: 'refresh'; user: UserRow; familyId: string; signedInAt: string };

export type SessionGrantKind = SessionGrant['kind'];
export const SESSION_GRANT_KINDS: readonly SessionGrantKind[] = ['sign-in', 'second-factor', 'renewal', 'refresh'];

type SignInGrant = Extract<SessionGrant, { kind: 'sign-in' }>;
type ContinuingGrant = Exclude<SessionGrant, SignInGrant>;

interface SessionGateDeps {
  users: UsersRepository;
  refreshTokens: RefreshTokensRepository;
  tokens: TokenService;
  mfa: MfaRepository;
  rolesOf: (userId: string) => Promise<Role[]>;
  /** Staff sign-ins go to the audit log. */
  auditStaffSignIn: (user: UserRow, roles: readonly Role[]) => Promise<void>;
}

export interface SessionGate {
  issue(grant: SignInGrant): Promise<Session | MfaRequired>;
  issue(grant: ContinuingGrant): Promise<Session>;
}

/**
 * The second-factor gate (decision 0113): the one function that issues ID and refresh tokens.
 * Every use case that ends in tokens calls it and says why; a first factor alone gets a session
 * only when the account has no second one, otherwise a pending credential (mfaSignIn:finalize
 * spends it). So a new way to sign in cannot forget the second step: it has no other way to
 * mint a token. The identity routes that answer tokens declare which grants they issue, and
 * tests/api/second-factor-gate.test.ts checks that list against an enrolled account.
 */
export function sessionGate(deps: SessionGateDeps): SessionGate {
  /** One refresh token of a family and an ID token beside it: the one place both are made. */
  async function mint(user: UserRow, familyId: string, createdAt: string, authTimeSeconds: number): Promise<Session> {
    const refreshToken = randomToken();
    await deps.refreshTokens.insert({
      id: randomUUID(),
      user_id: user.id,
      family_id: familyId,
      token_hash: tokenHash(refreshToken),
      created_at: createdAt,
      expires_at: isoAfter(Date.now(), REFRESH_TOKEN_LIFETIME_MS),
      used_at: null,
      revoked_at: null,
    });
    const idToken = await deps.tokens.signIdToken({
      sub: user.id,
      user_id: user.id,
      email: user.email,
      email_verified: user.email_verified === 1,
      auth_time: authTimeSeconds,
      sid: familyId,
      // Staff roles as top-level custom claims, as Identity Toolkit carries custom claims.
      ...roleClaims(await deps.rolesOf(user.id)),
    });
    return { idToken, refreshToken, expiresIn: String(AUTH.idTokenLifetimeSeconds), user };
  }

  /** A new refresh-token family. Its first row dates the sign-in it rests on (auth_time, also after refreshes). */
  async function newFamily(user: UserRow, signedInAtMs: number): Promise<Session> {
    const session = await mint(user, randomUUID(), new Date(signedInAtMs).toISOString(), Math.floor(signedInAtMs / 1000));
    await deps.auditStaffSignIn(user, await deps.rolesOf(user.id));
    return session;
  }

  async function signedIn(user: UserRow): Promise<Session> {
    const recorded = (await deps.users.update(user.id, { last_login_at: new Date().toISOString() })) ?? user;
    return newFamily(recorded, Date.now());
  }

  /** The first step is done and a second is due: a pending credential, no session. */
  async function pendingSignIn(user: UserRow, enrollment: NonNullable<Awaited<ReturnType<MfaRepository['enrollmentFor']>>>) {
    const mfaPendingCredential = randomToken();
    const now = Date.now();
    await deps.mfa.insertSession({
      id: tokenHash(mfaPendingCredential),
      kind: 'sign_in',
      user_id: user.id,
      secret: null,
      created_at: new Date(now).toISOString(),
      expires_at: isoAfter(now, MFA_PENDING_LIFETIME_MS),
      used_at: null,
    });
    return { user, mfaPendingCredential, mfaInfo: [mfaInfoOf(enrollment)] } satisfies MfaRequired;
  }

  /** The next token of a family: the ID token keeps the sign-in time the family rests on. */
  const refreshed = (user: UserRow, familyId: string, signedInAt: string): Promise<Session> =>
    mint(user, familyId, new Date().toISOString(), Math.floor(Date.parse(signedInAt) / 1000));

  async function issue(grant: SignInGrant): Promise<Session | MfaRequired>;
  async function issue(grant: ContinuingGrant): Promise<Session>;
  async function issue(grant: SessionGrant): Promise<Session | MfaRequired> {
    const user = grant.kind === 'renewal' ? grant.caller.user : grant.user;
    // Whatever the way in, a disabled account gets nothing.
    if (user.disabled === 1) throw identityError('USER_DISABLED');
    switch (grant.kind) {
      case 'sign-in': {
        const enrollment = await deps.mfa.enrollmentFor(user.id);
        return enrollment ? pendingSignIn(user, enrollment) : signedIn(user);
      }
      case 'second-factor': {
        const { pending } = grant;
        const alive = pending.kind === 'sign_in' && pending.user_id === user.id && Date.parse(pending.expires_at) > Date.now();
        // Spent once, here: a pending credential buys one session, however many finalize at once.
        if (!alive || !(await deps.mfa.markSessionUsed(pending.id, new Date().toISOString()))) {
          throw identityError('INVALID_MFA_PENDING_CREDENTIAL');
        }
        return signedIn(user);
      }
      case 'renewal':
        return newFamily(user, Math.min(Date.now(), grant.caller.claims.auth_time * 1000));
      case 'refresh':
        return refreshed(user, grant.familyId, grant.signedInAt);
    }
  }

  return { issue };
}
