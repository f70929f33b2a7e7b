import { useSyncExternalStore } from 'react';
import { AuthError, endsSession } from '../../../common/auth-errors';
import { expiresAtFrom, isTokenExpired, needsRefresh, refreshDelayMs, retryBackoffMs } from '../../../common/auth-timing';
import { STORAGE_KEYS } from '../../../common/constants';
import { afterFirstScreen } from '../after-first-screen';
import { getItem, removeItem, setItem } from '../storage';
import { sessionClient } from './identity-request';
import { announceLoginState } from './login-state';
import { clearSessionEnded, noteSessionEnded } from './session-ended';
import { type AuthUser, fromResponse, readStored, SESSION_KEY, type SessionAnswer, type StoredSession, userOf } from './stored-session';

/**
 * The client auth session, shared by the whole app: the current user as a
 * subscription, logout, and `getIdToken()`, which hands out a token refreshed 5 minutes before it
 * expires. The session lives in localStorage so every tab shares it: a login or logout in one
 * tab reaches the others through the `storage` event, and refreshes are serialised across tabs
 * with a Web Lock (two tabs rotating one refresh token at once would look like token theft).
 */

export type { AuthUser } from './stored-session';

const LOCK_NAME = 'northwind.auth.refresh';

let session: StoredSession | null = typeof localStorage === 'undefined' ? null : readStored();
let snapshot: { user: AuthUser | null; ready: boolean } = { user: userOf(session), ready: true };
const listeners = new Set<() => void>();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshFailures = 0;
let refreshing: Promise<StoredSession | null> | undefined;

/** Sets the in-memory session and tells subscribers; `persist` writes it for the other tabs. */
function apply(next: StoredSession | null, persist: boolean): void {
  const before = session;
  session = next;
  if (persist) {
    try {
      if (next) localStorage.setItem(SESSION_KEY, JSON.stringify(next));
      else localStorage.removeItem(SESSION_KEY);
    } catch {
      // Storage refused (private mode, quota): the session still works in this tab.
    }
  }
  if (before?.uid !== next?.uid || before?.email !== next?.email) {
    snapshot = { user: userOf(next), ready: true };
    for (const listener of listeners) listener();
  }
  scheduleRefresh();
}

/** Login and signup set hasLoggedIn and the email in device storage; the menu follows. */
async function markLoggedIn(email: string): Promise<void> {
  await setItem(STORAGE_KEYS.hasLoggedIn, true);
  await setItem(STORAGE_KEYS.email, email);
  announceLoginState(true);
}

async function forgetLogin(): Promise<void> {
  await removeItem(STORAGE_KEYS.hasLoggedIn);
  await removeItem(STORAGE_KEYS.email);
  announceLoginState(false);
}

/** Ends the session here and in every tab, without asking the server. */
export async function signOutLocally(): Promise<void> {
  apply(null, true);
  await forgetLogin();
}

/** Runs `task` while holding the cross-tab refresh lock (where the browser has Web Locks). */
async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return await navigator.locks.request(LOCK_NAME, task);
  return task();
}

/**
 * Exchanges the refresh token; another tab may have done it already, so look first. `force`
 * asks the server even with a fresh token: it is how the app learns its session was ended.
 */
function refreshSession(force = false): Promise<StoredSession | null> {
  refreshing ??= withRefreshLock(async () => {
    const latest = readStored();
    if (!latest) {
      if (session) apply(null, false);
      return null;
    }
    if (!force && !needsRefresh(latest.expiresAt, Date.now())) {
      apply(latest, false);
      return latest;
    }
    try {
      const body = await sessionClient.refresh(latest.refreshToken);
      const next: StoredSession = {
        uid: body.user_id,
        email: latest.email,
        idToken: body.id_token,
        refreshToken: body.refresh_token,
        expiresAt: expiresAtFrom(body.expires_in, Date.now()),
      };
      refreshFailures = 0;
      apply(next, true);
      return next;
    } catch (error) {
      if (error instanceof AuthError && error.code !== 'network-request-failed') {
        // The server ended the session (revoked, expired, user gone): so do we, everywhere.
        if (endsSession(error.code)) noteSessionEnded(error.code);
        await signOutLocally();
        return null;
      }
      refreshFailures += 1;
      throw error;
    }
  }).finally(() => {
    refreshing = undefined;
    scheduleRefresh();
  });
  return refreshing;
}

function scheduleRefresh(): void {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  if (!session || typeof window === 'undefined') return;
  const delay = refreshFailures > 0 ? retryBackoffMs(refreshFailures) : refreshDelayMs(session.expiresAt, Date.now());
  refreshTimer = setTimeout(() => {
    void refreshSession().catch(() => undefined);
  }, delay);
}

if (typeof window !== 'undefined') {
  // Another tab logged in, refreshed or logged out.
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_KEY && event.key !== null) return;
    const next = readStored();
    const wasSignedIn = session !== null;
    apply(next, false);
    if (wasSignedIn !== (next !== null)) announceLoginState(next !== null);
  });
  scheduleRefresh();
  // Device storage and the session can disagree after site data was partly cleared: the
  // session decides, so the menu never offers Logout to nobody (or Login to someone). After the
  // first screen, which needs neither device storage nor its library.
  const reconcile = () =>
    void getItem<boolean>(STORAGE_KEYS.hasLoggedIn)
      .then(async (hasLoggedIn) => {
        if (session && hasLoggedIn !== true) await markLoggedIn(session.email);
        if (!session && hasLoggedIn !== null) await forgetLogin();
      })
      .catch(() => undefined);
  afterFirstScreen(reconcile);
}

/** The signed-in user and whether the session has been read (a subscription). */
export function useAuth(): { user: AuthUser | null; ready: boolean } {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
    () => snapshot,
  );
}

/** The same subscription outside React: called now and on every sign-in, sign-out or user change. */
export function onAuthStateChanged(listener: (user: AuthUser | null) => void): () => void {
  const notify = () => listener(snapshot.user);
  listeners.add(notify);
  notify();
  return () => {
    listeners.delete(notify);
  };
}

/** Runs `task` once, when someone is first signed in (at once if someone is now). */
export function whenSignedIn(task: () => void): void {
  let done = false;
  const stop = onAuthStateChanged((user) => {
    if (!user || done) return;
    done = true;
    queueMicrotask(() => stop());
    task();
  });
}

export function currentUser(): AuthUser | null {
  return snapshot.user;
}

/** The ID token held now, maybe about to expire: for reading its claims (the menu), never for a call. */
export function currentIdToken(): string | null {
  return session?.idToken ?? null;
}

/**
 * A valid ID token for the signed-in user, refreshed first when it is within 5 minutes of
 * expiry; null when nobody is signed in (or the server has just ended the session). Offline,
 * a token that has not yet expired (30 s tolerance) is still handed out.
 */
export async function getIdToken(): Promise<string | null> {
  const current = session;
  if (!current) return null;
  if (!needsRefresh(current.expiresAt, Date.now())) return current.idToken;
  try {
    return (await refreshSession())?.idToken ?? null;
  } catch (error) {
    const latest = session;
    if (latest && !isTokenExpired(latest.expiresAt, Date.now())) return latest.idToken;
    throw error;
  }
}

/**
 * Asks the server at once whether this session still stands (the live stream said an
 * administrator ended it): a disabled or ended session signs out here and in every tab, with
 * the reason kept for the notice (src/app/lib/session/session-ended.ts). Offline, nothing changes.
 */
export async function checkSession(): Promise<void> {
  if (!session) return;
  await refreshSession(true).catch(() => undefined);
}

async function begin(body: SessionAnswer): Promise<AuthUser> {
  clearSessionEnded();
  const next = fromResponse(body);
  refreshFailures = 0;
  apply(next, true);
  await markLoggedIn(next.email);
  return { uid: next.uid, email: next.email };
}

/** Starts a session from a sign-in: a password, a mailed link, a provider, a finished second step. */
export const beginSession = begin;

/** Keeps the tokens of an answer that re-signed this account in (a password proved again, a credential changed). */
export function keepSession(body: SessionAnswer): void {
  apply(fromResponse(body), true);
}

/** Fresh tokens for the signed-in user (two-step sign-in turned on or off ends the others' sessions). */
export function replaceTokens(idToken: string, refreshToken: string, expiresIn: string): void {
  const current = session;
  if (!current) return;
  apply(fromResponse({ localId: current.uid, email: current.email, idToken, refreshToken, expiresIn }), true);
}

/** A logout failure is logged and the promise rejects without a message. */
export async function logout(): Promise<void> {
  try {
    await signOutLocally();
  } catch (error) {
    console.error('Logout failed', error);
    throw new Error();
  }
}

/** Runs an account call with a fresh token; a session-ending answer signs the user out. */
export async function withToken<T>(task: (idToken: string) => Promise<T>): Promise<T> {
  const idToken = await getIdToken();
  if (!idToken) throw new AuthError('user-token-expired');
  try {
    return await task(idToken);
  } catch (error) {
    if (error instanceof AuthError && endsSession(error.code)) {
      noteSessionEnded(error.code);
      await signOutLocally();
    }
    throw error;
  }
}
