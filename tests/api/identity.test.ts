import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireUser } from '../../src/server/identity/require-user';
import { ENGINES, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';

interface IdentityErrorBody {
  error: { code: number; message: string; errors: { message: string; domain: string; reason: string; location?: string }[] };
}
interface SessionBody {
  kind: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
  localId: string;
  email: string;
  registered?: boolean;
}

const KEY = `key=${TEST_API_KEY}`;
let counter = 0;
const uniqueEmail = (label = 'user') => `${label}.${Date.now().toString(36)}.${++counter}@example.com`;

describe.each(ENGINES)('identity on %s', (engine) => {
  let server: TestServer;

  const call = <T = SessionBody>(endpoint: string, body: unknown, key = KEY) =>
    server.client.request<T>('POST', `/identity/v1/${endpoint}?${key}`, { body, csrf: false });

  const signUp = async (email = uniqueEmail(), password = 'correct horse 1') => {
    const response = await call('accounts:signUp', { email, password, returnSecureToken: true });
    expect(response.status).toBe(200);
    return { ...response.body, password };
  };

  beforeAll(async () => {
    server = await startTestServer({
      engine,
      routes: (app) => {
        app.get('/api/test-me', async (request) => requireUser(request));
      },
    });
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('signs up and answers the Identity Toolkit fields', async () => {
    const email = uniqueEmail();
    const response = await call('accounts:signUp', { email, password: 'long enough', returnSecureToken: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ email, expiresIn: '3600' });
    expect(response.body.idToken.split('.')).toHaveLength(3);
    expect(response.body.refreshToken.length).toBeGreaterThan(30);
    expect(response.body.localId).toMatch(/^[\w-]{28}$/);
  });

  it('lets requireUser see the signed-in user', async () => {
    const user = await signUp();
    const me = await server.client.get<{ uid: string; email: string }>('/api/test-me', { authorization: `Bearer ${user.idToken}` });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ uid: user.localId, email: user.email });
    const anonymous = await server.client.get<{ error: { code: string; message: string } }>('/api/test-me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthenticated');
  });

  it('refuses a duplicate email with EMAIL_EXISTS', async () => {
    const user = await signUp();
    const response = await call<IdentityErrorBody>('accounts:signUp', { email: user.email.toUpperCase(), password: 'another one' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: { code: 400, message: 'EMAIL_EXISTS', errors: [{ message: 'EMAIL_EXISTS', domain: 'global', reason: 'invalid' }] },
    });
  });
});
