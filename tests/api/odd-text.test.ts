import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

type ApiError = { error: { code: string; message: string; fields?: Record<string, string> } };
type IdentityError = { error: { code: number; message: string } };

const LONE = '\uD83D';
const NUL = '\u0000';

async function rows(server: TestServer, table: 'movies' | 'support_messages' | 'users'): Promise<number> {
  const row = await server.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Text no store can hold as given (NUL, a lone UTF-16 surrogate) and text far over any bound:
 * a clear 400 on every engine, before anything is written; never a 2xx followed by a 5xx, never
 * a 500 from the database.
 */
describe.each(ENGINES)('odd and oversize text on %s', (engine) => {
  let server: TestServer;
  let idToken: string;
  const identity = (method: string) => `/identity/v1/accounts:${method}?key=${TEST_API_KEY}`;
  let address = 0;
  const from = () => ({ 'x-forwarded-for': `192.0.2.${++address}` });

  beforeAll(async () => {
    server = await startTestServer({ engine, env: { TRUST_PROXY: '1' } });
    const signUp = await server.client.post<{ idToken: string }>(identity('signUp'), {
      email: `odd-text-${Date.now()}@example.com`,
      password: 'correct horse battery',
      returnSecureToken: true,
    });
    expect(signUp.status).toBe(200);
    idToken = signUp.body.idToken;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it.each([
    ['a lone surrogate in the title', { title: `Solo ${LONE}`, genres: ['Drama'] }, 'title'],
    ['a NUL in the title', { title: `Nul${NUL}l`, genres: ['Drama'] }, 'title'],
    ['a lone surrogate in a genre', { title: 'Fine title', genres: [`Dra${LONE}ma`] }, 'genres.0'],
    ['a NUL in a genre', { title: 'Fine title', genres: [`Dra${NUL}ma`] }, 'genres.0'],
  ])('refuses a movie with %s with 400 and adds nothing', async (_name, body, field) => {
    const before = await rows(server, 'movies');
    const response = await server.client.request<ApiError>('POST', '/api/movies', {
      body,
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.fields?.[field]).toMatch(/cannot contain NUL characters or unpaired surrogate halves/);
    expect(await rows(server, 'movies')).toBe(before);
  });

  it.each(['name', 'email', 'subject', 'message'])('refuses a support message with a NUL or lone surrogate in its %s', async (field) => {
    const valid: Record<string, string> = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'A message long enough.' };
    for (const odd of [NUL, LONE]) {
      const before = await rows(server, 'support_messages');
      const response = await server.client.post<ApiError>('/api/support-messages', { ...valid, [field]: `${valid[field]}${odd}x` }, from());
      expect(response.status).toBe(400);
      expect(response.body.error.fields?.[field]).toMatch(/cannot contain NUL characters or unpaired surrogate halves/);
      expect(await rows(server, 'support_messages')).toBe(before);
    }
  });

  it('refuses a NUL in a path parameter with 400, not a database error', async () => {
    for (const path of ['/api/movies/a%00b', '/api/team-members/a%00b']) {
      const response = await server.client.get<ApiError>(path);
      expect(response.status, path).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
    }
  });

  it.each([
    ['displayName', NUL],
    ['displayName', LONE],
    ['photoUrl', NUL],
    ['photoUrl', LONE],
  ])('refuses an account update whose %s holds %j with 400', async (field, odd) => {
    const response = await server.client.post<IdentityError>(identity('update'), { idToken, [field]: `abc${odd}def` });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/^INVALID_ARGUMENT : .*cannot contain NUL characters or unpaired surrogate halves/);
  });

  it('refuses a sign-up whose display name holds a NUL, creating no account', async () => {
    const before = await rows(server, 'users');
    const response = await server.client.post<IdentityError>(identity('signUp'), {
      email: `nul-${Date.now()}@example.com`,
      password: 'correct horse battery',
      displayName: `Ada${NUL}`,
    });
    expect(response.status).toBe(400);
    expect(await rows(server, 'users')).toBe(before);
  });

  it('answers a 60,000-character display name with a 400 naming the limit', async () => {
    const response = await server.client.post<IdentityError>(identity('update'), { idToken, displayName: 'd'.repeat(60_000) });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(
      "INVALID_ARGUMENT : Invalid value at 'displayName': The display name can be at most 100 characters.",
    );
    const signUp = await server.client.post<IdentityError>(identity('signUp'), {
      email: `long-${Date.now()}@example.com`,
      password: 'correct horse battery',
      displayName: 'd'.repeat(101),
    });
    expect(signUp.status).toBe(400);
    expect(signUp.body.error.message).toContain('The display name can be at most 100 characters.');
  });

  it('answers a 3,000-character photo URL and oversize tokens with 400', async () => {
    const photo = await server.client.post<IdentityError>(identity('update'), {
      idToken,
      photoUrl: `https://example.com/${'p'.repeat(3000)}`,
    });
    expect(photo.status).toBe(400);
    expect(photo.body.error.message).toContain('The photo URL can be at most 2048 characters.');
    const lookup = await server.client.post<IdentityError>(identity('lookup'), { idToken: 't'.repeat(60_000) });
    expect(lookup.status).toBe(400);
    expect(lookup.body.error.message).toMatch(
      /^INVALID_ARGUMENT : Invalid value at 'idToken': This value can be at most \d+ characters\.$/,
    );
  });

  it('still stores a normal display name and photo URL', async () => {
    const response = await server.client.post<{ displayName: string; photoUrl: string }>(identity('update'), {
      idToken,
      displayName: 'Ada 😀 Lovelace',
      photoUrl: 'https://example.com/ada.png',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ displayName: 'Ada 😀 Lovelace', photoUrl: 'https://example.com/ada.png' });
  });
});
