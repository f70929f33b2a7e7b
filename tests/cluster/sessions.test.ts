import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { identityCall, PASSWORD, type Person, signIn } from '../support/staff';
import { HttpClient } from '../support/http-client';
import {
  callAt,
  closeStreams,
  DEADLINE_MS,
  identityAt,
  type Instance,
  newAddress,
  newPerson,
  providerCode,
  servedBy,
  stream,
  streamEnds,
  twoInstances,
} from './support/cluster';

/**
 * Sessions are signed tokens checked against the shared database on every request
 * (docs/accounts.md): one made on either instance works on the other, and one ended on either
 * is refused by the other at its next request, with nothing to wait for.
 */

let first: Instance;
let second: Instance;
let admin: Person;

beforeAll(async () => {
  [first, second] = await twoInstances();
  admin = await newPerson(second.url, ['admin'], 'admin');
});
afterEach(closeStreams);

interface Tokens {
  id_token: string;
  refresh_token: string;
}

const lookup = async (url: string, idToken: string) =>
  identityCall<{ users: { localId: string }[] }>(await identityAt(url), 'accounts:lookup', { idToken });
const refresh = async (url: string, refreshToken: string) =>
  identityCall<Tokens>(await identityAt(url), 'token', { grant_type: 'refresh_token', refresh_token: refreshToken });
const signInAt = async (url: string, email: string, password = PASSWORD) =>
  identityCall(await identityAt(url), 'accounts:signInWithPassword', { email, password, returnSecureToken: true });
/** A signed-in stream: its opening answer says whether the instance takes the token. */
const signedInStream = (url: string, idToken: string) => stream(url, 'topics=movies', { headers: { authorization: `Bearer ${idToken}` } });

describe('a session made on one instance', () => {
  it('is taken by the other: its ID token, its refresh token, and the CSRF cookie the first one set', async () => {
    const user = await newPerson(first.url, [], 'roaming');
    const there = await lookup(second.url, user.idToken);
    expect(there.status).toBe(200);
    expect(servedBy(there)).toBe(second.name);
    expect(there.body.users[0]!.localId).toBe(user.uid);
    expect((await signedInStream(second.url, user.idToken)).status).toBe(200);

    const refreshed = await refresh(second.url, user.refreshToken);
    expect(refreshed.status).toBe(200);
    expect((await lookup(first.url, refreshed.body.id_token)).status).toBe(200);

    // The double-submit cookie is signed with a secret every instance reads from the database.
    const browser = new HttpClient(first.url);
    await browser.get('/api/config');
    const token = browser.cookie('XSRF-TOKEN')!;
    const post = (value: string) =>
      fetch(`${second.url}/api/support-messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${value}`,
          'x-xsrf-token': value,
          // An address of its own, so Contact Us's per-address allowance is not this test's subject.
          'x-forwarded-for': newAddress(),
        },
        body: JSON.stringify({ name: 'Casey', email: 'casey@example.com', message: 'Sent with the cookie of the other instance.' }),
      });
    expect((await post(token)).status).toBe(201);
    expect((await post(`${token.split('.')[0]}.forged`)).status).toBe(403);
  });

  it('ends everywhere when a rotated refresh token is used again on the other instance', async () => {
    const user = await newPerson(first.url, [], 'replayed');
    const rotated = await refresh(first.url, user.refreshToken);
    expect(rotated.status).toBe(200);
    // The old token again, on the other instance: taken for a theft, the whole session ends.
    const replay = await refresh(second.url, user.refreshToken);
    expect(replay.status).toBe(400);
    expect(providerCode(await refresh(first.url, rotated.body.refresh_token))).toBe('TOKEN_EXPIRED');
    expect(providerCode(await lookup(first.url, rotated.body.id_token))).toBe('TOKEN_EXPIRED');
    expect(providerCode(await lookup(second.url, user.idToken))).toBe('TOKEN_EXPIRED');
  });
});

describe('a session ended on one instance', () => {
  it('by a password change through instance 2 is refused by instance 1 at once, where the new one works', async () => {
    const user = await newPerson(first.url, [], 'changer');
    const elsewhere = await signIn(await identityAt(second.url), user.email);
    const changed = await identityCall<{ idToken: string; refreshToken: string }>(await identityAt(second.url), 'accounts:update', {
      idToken: elsewhere.idToken,
      password: 'a brand new secret',
      returnSecureToken: true,
    });
    expect(changed.status).toBe(200);

    expect(providerCode(await lookup(first.url, user.idToken))).toBe('TOKEN_EXPIRED');
    expect((await signedInStream(first.url, user.idToken)).status).toBe(401);
    expect((await refresh(first.url, user.refreshToken)).status).toBe(400);
    expect(providerCode(await signInAt(first.url, user.email))).toBe('INVALID_PASSWORD');

    expect((await lookup(first.url, changed.body.idToken)).status).toBe(200);
    expect((await refresh(first.url, changed.body.refreshToken)).status).toBe(200);
    expect((await signInAt(first.url, user.email, 'a brand new secret')).status).toBe(200);
  });

  it('by an administrator disabling the account through instance 2 is refused by instance 1 at once, and its stream there ends', async () => {
    const user = await newPerson(first.url, [], 'disabled');
    const open = await signedInStream(first.url, user.idToken);
    expect(open.status).toBe(200);
    await open.waitFor((m) => m.event === 'ready', DEADLINE_MS);

    const disabled = await callAt<{ disabled: boolean }>(second.url, admin, 'POST', `/api/admin/users/${user.uid}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabled).toBe(true);

    expect(providerCode(await lookup(first.url, user.idToken))).toBe('USER_DISABLED');
    expect((await signedInStream(first.url, user.idToken)).status).toBe(401);
    expect(providerCode(await refresh(first.url, user.refreshToken))).toBe('USER_DISABLED');
    expect(providerCode(await signInAt(first.url, user.email))).toBe('USER_DISABLED');
    // Instance 1 hears of it on the `sessions` topic and closes the stream it holds.
    await streamEnds(open, "a disabled account's stream on the other instance");

    const enabled = await callAt<{ disabled: boolean }>(first.url, admin, 'POST', `/api/admin/users/${user.uid}/enable`);
    expect(enabled.body.disabled).toBe(false);
    expect((await signInAt(second.url, user.email)).status).toBe(200);
  });

  it("by an administrator ending the account's sessions through instance 1 is refused by instance 2 at once", async () => {
    const user = await newPerson(second.url, [], 'ended');
    const open = await signedInStream(second.url, user.idToken);
    expect(open.status).toBe(200);
    await open.waitFor((m) => m.event === 'ready', DEADLINE_MS);

    expect((await callAt(first.url, admin, 'DELETE', `/api/admin/users/${user.uid}/sessions`)).status).toBe(204);

    expect(providerCode(await lookup(second.url, user.idToken))).toBe('TOKEN_EXPIRED');
    expect((await signedInStream(second.url, user.idToken)).status).toBe(401);
    expect((await refresh(second.url, user.refreshToken)).status).toBe(400);
    await streamEnds(open, "an ended session's stream on the other instance");
    // Not disabled: signing in again works, on either.
    expect((await signInAt(second.url, user.email)).status).toBe(200);
  });
});
