import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { createTestDatabase, ENGINES, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

const SECRET = 'a key-encryption secret of 32+ characters';
let counter = 0;
const uniqueEmail = () => `keys.${Date.now().toString(36)}.${++counter}@example.com`;

async function signUp(server: TestServer): Promise<{ idToken: string; kid: string }> {
  const response = await server.client.request<{ idToken: string }>('POST', `/identity/v1/accounts:signUp?key=${TEST_API_KEY}`, {
    body: { email: uniqueEmail(), password: 'correct horse 1' },
    csrf: false,
  });
  expect(response.status, response.text).toBe(200);
  return { idToken: response.body.idToken, kid: decodeProtectedHeader(response.body.idToken).kid! };
}

async function lookupStatus(server: TestServer, idToken: string): Promise<number> {
  const response = await server.client.request('POST', `/identity/v1/accounts:lookup?key=${TEST_API_KEY}`, {
    body: { idToken },
    csrf: false,
  });
  return response.status;
}

describe.each(ENGINES)('signing keys on %s', (engine) => {
  let database: { url: string; drop: () => Promise<void> };
  let servers: TestServer[] = [];
  const env = { SIGN_UP_LIMIT_PER_HOUR: '1000' };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const handle = await openDatabase(database.url);
    await migrateToLatest(handle.db);
    await handle.close();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database.drop();
  });

  const rows = async (server: TestServer) => server.database.db.selectFrom('signing_keys').selectAll().execute();

  it('gives instances that start at once against an empty database one key', async () => {
    servers = await Promise.all(Array.from({ length: 4 }, () => startTestServer({ engine, seed: false, databaseUrl: database.url, env })));
    const signed = await Promise.all(servers.map((server) => signUp(server)));
    expect(new Set(signed.map((token) => token.kid)).size).toBe(1);
    expect(await rows(servers[0]!)).toHaveLength(1);
    // Each instance accepts the tokens of the others.
    expect(await lookupStatus(servers[1]!, signed[0]!.idToken)).toBe(200);
  });

  it('rotates: the new key signs, the old one verifies until its tokens expire', async () => {
    const [first, second] = servers as [TestServer, TestServer];
    const before = await signUp(first);
    const { retired, current } = await first.app.identity.tokens.rotate();
    expect(retired).toBe(before.kid);
    const after = await signUp(first);
    expect(after.kid).toBe(current);
    expect(await lookupStatus(second, after.idToken)).toBe(200);
    expect(await lookupStatus(second, before.idToken)).toBe(200);
    const jwks = await first.client.get<{ keys: { kid: string }[] }>('/identity/v1/jwks');
    expect(jwks.body.keys.map((key) => key.kid).sort()).toEqual([retired, current].sort());
    // Housekeeping keeps the retired key while its tokens live, and drops it after.
    expect((await first.app.identity.housekeeping()).signingKeys).toBe(0);
    expect((await first.app.identity.housekeeping(Date.now() + 2 * 3600_000)).signingKeys).toBe(1);
    expect((await rows(first)).map((row) => row.kid)).toEqual([current]);
  });

  it('encrypts the private keys at rest with KEY_ENCRYPTION_SECRET, reading plain ones first', async () => {
    for (const server of servers) await server.stop();
    servers = [];
    const plain = (await (await openDatabase(database.url)).db.selectFrom('signing_keys').select('private_jwk').execute())[0]!;
    expect(plain.private_jwk).toContain('"d"');
    const sealed = await startTestServer({
      engine,
      seed: false,
      databaseUrl: database.url,
      env: { ...env, KEY_ENCRYPTION_SECRET: SECRET },
    });
    servers.push(sealed);
    const stored = await rows(sealed);
    expect(stored.every((row) => row.private_jwk.startsWith('enc:v1:') && !row.private_jwk.includes('"d"'))).toBe(true);
    const token = await signUp(sealed);
    expect(await lookupStatus(sealed, token.idToken)).toBe(200);
    await expect(startTestServer({ engine, seed: false, databaseUrl: database.url, env })).rejects.toThrow(/set KEY_ENCRYPTION_SECRET/);
    await expect(
      startTestServer({ engine, seed: false, databaseUrl: database.url, env: { ...env, KEY_ENCRYPTION_SECRET: `${SECRET} but another` } }),
    ).rejects.toThrow(/not the one they were encrypted with/);
  });
});
