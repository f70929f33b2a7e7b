import { decodeJwt } from 'jose';
import type { Role } from '../../src/common/roles';
import { HttpClient, TEST_API_KEY } from './http-client';
import { grantAsOperator, proveAddressIn } from './operator-roles';
import type { TestServer } from './test-server';

export const PASSWORD = 'correct horse 1';
let counter = 0;
export const uniqueEmail = (label = 'user') =>
  `${label}.${Date.now().toString(36)}.${++counter}.${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A signed-in person with their own cookie jar, calling the API as the app does. */
export interface Person {
  uid: string;
  email: string;
  idToken: string;
  refreshToken: string;
  client: HttpClient;
  /** An /api call with `Authorization: Bearer <idToken>`. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T; headers: Headers }>;
  claims(): Record<string, unknown>;
}

/**
 * Where identity calls go: a test server, or any running instance by its URL and the API key it
 * was started with (test servers use TEST_API_KEY).
 */
export interface IdentityTarget {
  url: string;
  apiKey?: string;
}

function person(server: IdentityTarget, session: { localId: string; email: string; idToken: string; refreshToken: string }): Person {
  const client = new HttpClient(server.url);
  const self: Person = {
    uid: session.localId,
    email: session.email,
    idToken: session.idToken,
    refreshToken: session.refreshToken,
    client,
    call: (method, path, body) =>
      client.request(method, path, { ...(body !== undefined ? { body } : {}), headers: { authorization: `Bearer ${self.idToken}` } }),
    claims: () => decodeJwt(self.idToken) as Record<string, unknown>,
  };
  return self;
}

interface SessionBody {
  localId: string;
  email: string;
  idToken: string;
  refreshToken: string;
}

export async function identityCall<T = SessionBody>(server: IdentityTarget, endpoint: string, body: unknown) {
  return new HttpClient(server.url).request<T>('POST', `/identity/v1/${endpoint}?key=${server.apiKey ?? TEST_API_KEY}`, {
    body,
    csrf: false,
  });
}

export async function signIn(server: IdentityTarget, email: string, password = PASSWORD): Promise<Person> {
  const response = await identityCall(server, 'accounts:signInWithPassword', { email, password, returnSecureToken: true });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.text}`);
  return person(server, response.body);
}

/**
 * The account's address counts as proved, as when its owner opened the verification mail (console
 * roles go only to such accounts). Written to the database: a mail per person would meet the
 * hourly mail limit, and servers with SMTP keep no outbox to read the link from.
 */
export async function proveAddress(server: TestServer, uid: string): Promise<void> {
  await proveAddressIn(server.database.db, uid);
}

/** A new account, signed in, with the given roles (its address proved, the roles granted as the command line does). */
export async function newPerson(server: TestServer, roles: Role[] = [], label = 'user'): Promise<Person> {
  const email = uniqueEmail(label);
  const response = await identityCall(server, 'accounts:signUp', { email, password: PASSWORD, returnSecureToken: true });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.text}`);
  if (roles.length === 0) return person(server, response.body);
  await grantAsOperator(server.database.db, server.database.engine, response.body.localId, roles);
  // A new sign-in, so the ID token carries the role claims.
  return signIn(server, email);
}

/** An ID token of this person whose sign-in is `minutesAgo` old (for the recent sign-in rule). */
export async function staleToken(server: TestServer, who: Person, minutesAgo = 6): Promise<string> {
  const { claims } = await server.app.identity.verify(who.idToken);
  return server.app.identity.tokens.signIdToken({
    sub: claims.sub,
    user_id: claims.user_id,
    email: claims.email,
    email_verified: claims.email_verified,
    auth_time: claims.auth_time - minutesAgo * 60,
    sid: claims.sid,
    ...(claims.staff ? { staff: true as const } : {}),
    ...(claims.admin ? { admin: true as const } : {}),
  });
}

/** The audit entries of one action, newest first. */
export async function auditEntries(server: TestServer, action: string) {
  return server.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at', 'desc').execute();
}
