import { randomUUID } from 'node:crypto';
import type { UserRow } from '../../platform/db/schema';
import type { Session, VerifiedCaller } from '../context';
import { newUserId } from '../context';
import { HANDLER_PATH, IDP_SESSION_LIFETIME_MS, type FederatedContext } from '../federated/federated-context';
import { AlreadyLinkedError } from '../federated/federated-identities-repository';
import type { ProviderIdentity, ProviderTokens } from '../federated/provider-client';
import { identityError } from '../identity-error';
import type { MfaRequired } from '../mfa/second-factor';
import { isoAfter } from '../rules';
import { randomToken, tokenHash } from '../token-service';
import { DuplicateEmailError } from '../users-repository';

export interface SignInWithIdpInput {
  requestUri?: string | undefined;
  sessionId?: string | undefined;
  postBody?: string | undefined;
  pendingToken?: string | undefined;
  /** Present when a signed-in user links the provider to their account. */
  idToken?: string | undefined;
}

export type IdpSignInResult =
  | { kind: 'session'; session: Session; identity: ProviderIdentity; tokens: ProviderTokens; isNewUser: boolean }
  /** The provider's email belongs to an account: prove that account, then link with `pendingToken`. */
  | { kind: 'needConfirmation'; identity: ProviderIdentity; tokens: ProviderTokens; pendingToken: string }
  /** The account has two-step sign-in: finish with mfaSignIn:finalize. */
  | { kind: 'mfa'; identity: ProviderIdentity; tokens: ProviderTokens; pending: MfaRequired };

/** The three ways a client hands over a provider's proof: the code flow, a credential, a pending link. */
async function verifiedIdentity(
  fed: FederatedContext,
  input: SignInWithIdpInput,
): Promise<{ identity: ProviderIdentity; tokens: ProviderTokens }> {
  if (input.pendingToken) return { identity: await consumePendingToken(fed, input.pendingToken), tokens: {} };
  if (input.postBody) {
    if (input.postBody.length > 20_000) throw identityError('INVALID_IDP_RESPONSE', 'postBody is too long');
    const params = new URLSearchParams(input.postBody);
    const client = fed.client(params.get('providerId'));
    const idToken = params.get('id_token');
    const accessToken = params.get('access_token');
    if (idToken) return { identity: await client.verifyIdToken(idToken, params.get('nonce') ?? undefined), tokens: { idToken } };
    if (accessToken) return { identity: await client.verifyAccessToken(accessToken), tokens: { accessToken } };
    throw identityError('INVALID_IDP_RESPONSE', 'postBody needs id_token or access_token');
  }
  if (!input.requestUri) throw identityError('MISSING_REQUEST_URI');
  if (!input.sessionId) throw identityError('MISSING_SESSION_ID');
  if (input.requestUri.length > 8192 || input.sessionId.length > 200)
    throw identityError('INVALID_IDP_RESPONSE', 'requestUri or sessionId is too long');
  let currentUrl: URL;
  try {
    currentUrl = new URL(input.requestUri);
  } catch {
    throw identityError('INVALID_IDP_RESPONSE', 'requestUri is not a URL');
  }
  if (`${currentUrl.origin}${currentUrl.pathname}` !== fed.redirectUri) {
    throw identityError('INVALID_IDP_RESPONSE', `requestUri must be this server's ${HANDLER_PATH} page`);
  }
  const row = await fed.idpSessions.find(tokenHash(input.sessionId));
  if (!row || row.kind !== 'auth' || !row.state || !row.code_verifier)
    throw identityError('INVALID_IDP_RESPONSE', 'Unknown sign-in session; start again');
  if (Date.parse(row.expires_at) <= Date.now()) throw identityError('SESSION_EXPIRED', 'The sign-in took too long; start again');
  // Used at most once, before the provider is even asked: a replayed answer (state) finds it spent.
  if (!(await fed.idpSessions.markUsed(row.id, new Date().toISOString()))) {
    throw identityError('INVALID_IDP_RESPONSE', 'This sign-in was already completed; start again');
  }
  return fed.client(row.provider_id).completeCodeFlow(currentUrl, {
    redirectUri: fed.redirectUri,
    state: row.state,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
  });
}

async function consumePendingToken(fed: FederatedContext, pendingToken: string): Promise<ProviderIdentity> {
  const row = pendingToken.length <= 200 ? await fed.idpSessions.find(tokenHash(pendingToken)) : undefined;
  if (!row || row.kind !== 'pending' || !row.identity) throw identityError('INVALID_PENDING_TOKEN');
  if (Date.parse(row.expires_at) <= Date.now())
    throw identityError('SESSION_EXPIRED', 'The pending link expired; sign in with the provider again');
  if (!(await fed.idpSessions.markUsed(row.id, new Date().toISOString()))) throw identityError('INVALID_PENDING_TOKEN');
  return JSON.parse(row.identity) as ProviderIdentity;
}

async function issuePendingToken(fed: FederatedContext, identity: ProviderIdentity): Promise<string> {
  const pendingToken = randomToken();
  const now = Date.now();
  await fed.idpSessions.insert({
    id: tokenHash(pendingToken),
    kind: 'pending',
    provider_id: identity.providerId,
    state: null,
    nonce: null,
    code_verifier: null,
    identity: JSON.stringify(identity),
    created_at: new Date(now).toISOString(),
    expires_at: isoAfter(now, IDP_SESSION_LIFETIME_MS),
    used_at: null,
  });
  return pendingToken;
}

async function link(fed: FederatedContext, userId: string, identity: ProviderIdentity): Promise<void> {
  await fed.links.insert({
    id: randomUUID(),
    user_id: userId,
    provider_id: identity.providerId,
    federated_id: identity.federatedId,
    email: identity.email,
    display_name: identity.displayName,
    photo_url: identity.photoUrl,
    created_at: new Date().toISOString(),
  });
}

/** Linking to the signed-in caller: never an identity that belongs to someone else. */
async function linkToCaller(fed: FederatedContext, caller: VerifiedCaller, identity: ProviderIdentity): Promise<UserRow> {
  const existing = await fed.links.find(identity.providerId, identity.federatedId);
  if (existing && existing.user_id !== caller.user.id) throw identityError('FEDERATED_USER_ID_ALREADY_LINKED');
  if (!existing) {
    try {
      await link(fed, caller.user.id, identity);
    } catch (error) {
      if (!(error instanceof AlreadyLinkedError)) throw error;
      const now = await fed.links.find(identity.providerId, identity.federatedId);
      if (now && now.user_id !== caller.user.id) throw identityError('FEDERATED_USER_ID_ALREADY_LINKED');
      if (!now)
        throw identityError('PROVIDER_ALREADY_LINKED', `This account already has a ${identity.providerId} sign-in; unlink it first`);
    }
  }
  return caller.user;
}

async function createAccount(fed: FederatedContext, identity: ProviderIdentity, email: string): Promise<UserRow | undefined> {
  // A closed sign-up (the staff console's setting) holds for provider sign-ins too.
  await fed.identity.requireSignUpOpen();
  const now = new Date().toISOString();
  let user: UserRow;
  try {
    user = await fed.identity.users.insert({
      id: newUserId(),
      email,
      // No password: the provider is the way in until the user sets one.
      password_hash: '',
      display_name: identity.displayName,
      photo_url: identity.photoUrl,
      email_verified: identity.emailVerified ? 1 : 0,
      disabled: 0,
      created_at: now,
      last_login_at: now,
      valid_since: now,
    });
  } catch (error) {
    if (error instanceof DuplicateEmailError) return undefined;
    throw error;
  }
  try {
    await link(fed, user.id, identity);
  } catch (error) {
    // The same identity signed in twice at once: the other request made the account.
    await fed.identity.users.delete(user.id);
    if (error instanceof AlreadyLinkedError) return undefined;
    throw error;
  }
  return user;
}

/**
 * accounts:signInWithIdp (decision 0110). A linked identity signs in to its account; a new one
 * makes an account, unless its email is already an account's: then nothing is taken over, the
 * answer is `needConfirmation` with a `pendingToken`, and the user links it after proving that
 * account (signInWithIdp with `idToken` and `pendingToken`).
 */
export async function signInWithIdp(fed: FederatedContext, input: SignInWithIdpInput): Promise<IdpSignInResult> {
  // The caller first: a bad session token must not spend a one-time sign-in session.
  const caller = input.idToken ? await fed.identity.verify(input.idToken) : undefined;
  const { identity, tokens } = await verifiedIdentity(fed, input);
  if (caller) {
    const user = await linkToCaller(fed, caller, identity);
    // Linking to the caller: their session (already past the gate) is renewed.
    return {
      kind: 'session',
      session: await fed.identity.issueSession({ kind: 'renewal', caller: { ...caller, user } }),
      identity,
      tokens,
      isNewUser: false,
    };
  }
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const existing = await fed.links.find(identity.providerId, identity.federatedId);
    if (existing) {
      const user = await fed.identity.users.findById(existing.user_id);
      if (!user) continue;
      const result = await fed.identity.issueSession({ kind: 'sign-in', user });
      if ('mfaPendingCredential' in result) return { kind: 'mfa', identity, tokens, pending: result };
      return { kind: 'session', session: result, identity, tokens, isNewUser: false };
    }
    if (!identity.email) throw identityError('INVALID_IDP_RESPONSE', 'The provider did not share an email address; allow it and try again');
    if (await fed.identity.users.findByEmail(identity.email)) {
      return { kind: 'needConfirmation', identity, tokens, pendingToken: await issuePendingToken(fed, identity) };
    }
    const created = await createAccount(fed, identity, identity.email);
    if (created) {
      // A new account has no second factor yet; it still goes through the one gate.
      const result = await fed.identity.issueSession({ kind: 'sign-in', user: created });
      if ('mfaPendingCredential' in result) return { kind: 'mfa', identity, tokens, pending: result };
      return { kind: 'session', session: result, identity, tokens, isNewUser: true };
    }
  }
  throw identityError('INVALID_IDP_RESPONSE', 'The sign-in collided with another one; try again');
}
