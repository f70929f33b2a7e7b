import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, ONE_ENGINE, startTestServer, TEST_API_KEY, type TestServer } from '../support/test-server';
import { redisReachable } from '../support/throwaway-services';

/**
 * Every limit of the identity service under bursts: requests sent at the same moment must get
 * exactly the limit through, on both engines, with the counters in the database or in Redis.
 */

const PASSWORD = 'correct horse 1';
let counter = 0;
const uniqueEmail = (label = 'burst') => `${label}.${Date.now().toString(36)}.${++counter}.${randomBytes(3).toString('hex')}@example.com`;
/** A client address of its own per test (the shared Redis outlives each run). */
const newAddress = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

interface Answer {
  status: number;
  code: string;
  retryAfter: string | null;
}

/** Posts as a client behind one trusted proxy (TRUST_PROXY=1): the proxy appends `address`. */
async function post(server: TestServer, endpoint: string, body: unknown, address: string, madeUp?: string): Promise<Answer> {
  const forwarded = madeUp ? `${madeUp}, ${address}` : address;
  const response = await fetch(`${server.url}/identity/v1/${endpoint}?key=${TEST_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { error?: { message: string } };
  return { status: response.status, code: json.error?.message.split(' : ')[0] ?? 'OK', retryAfter: response.headers.get('retry-after') };
}

const tally = (answers: Answer[]) => {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer.code] = (counts[answer.code] ?? 0) + 1;
  return counts;
};

const burst = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

const STORES = ['database', 'redis'] as const;

// A limit counted in the database is the engine's own atomic write: both engines; in Redis, once.
describe.each(STORES.flatMap((store) => (store === 'database' ? ENGINES : ONE_ENGINE).map((engine) => [engine, store] as const)))(
  'identity limits on %s, counted in %s',
  (engine, store) => {
    let server: TestServer | undefined;

    beforeAll(async () => {
      if (store === 'redis' && !(await redisReachable())) return;
      server = await startTestServer({ engine, seed: false, redis: store === 'redis', env: { TRUST_PROXY: '1' } });
    });
    afterAll(async () => {
      await server?.destroy();
    });

    const signUp = async (email: string) => {
      const answer = await post(server!, 'accounts:signUp', { email, password: PASSWORD }, newAddress());
      expect(answer.code).toBe('OK');
    };

    it.for([30, 90])('lets exactly 10 of %i simultaneous wrong passwords be checked', async (n, context) => {
      if (!server) return context.skip('no Redis');
      const email = uniqueEmail();
      await signUp(email);
      const address = newAddress();
      const answers = await burst(n, (i) => post(server!, 'accounts:signInWithPassword', { email, password: `wrong ${i}` }, address));
      expect(tally(answers)).toEqual({ INVALID_PASSWORD: 10, TOO_MANY_ATTEMPTS_TRY_LATER: n - 10 });
      const blocked = answers.find((answer) => answer.code === 'TOO_MANY_ATTEMPTS_TRY_LATER')!;
      expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
      expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(900);
      // Even the right password waits out the window.
      expect((await post(server, 'accounts:signInWithPassword', { email, password: PASSWORD }, address)).code).toBe(
        'TOO_MANY_ATTEMPTS_TRY_LATER',
      );
    });

    it('lets exactly 50 simultaneous failures from one address through, across emails', async (context) => {
      if (!server) return context.skip('no Redis');
      const address = newAddress();
      const answers = await burst(60, () =>
        post(server!, 'accounts:signInWithPassword', { email: uniqueEmail('spray'), password: PASSWORD }, address),
      );
      expect(tally(answers)).toEqual({ EMAIL_NOT_FOUND: 50, TOO_MANY_ATTEMPTS_TRY_LATER: 10 });
    });

    it('counts the address the trusted proxy saw: a made-up X-Forwarded-For entry per request does not help', async (context) => {
      if (!server) return context.skip('no Redis');
      const address = newAddress();
      const answers = await burst(60, () =>
        post(server!, 'accounts:signInWithPassword', { email: uniqueEmail('spoof'), password: PASSWORD }, address, newAddress()),
      );
      expect(tally(answers)).toEqual({ EMAIL_NOT_FOUND: 50, TOO_MANY_ATTEMPTS_TRY_LATER: 10 });
    });

    it('sends exactly 5 of 12 simultaneous reset mails to one address', async (context) => {
      if (!server) return context.skip('no Redis');
      const email = uniqueEmail('reset');
      await signUp(email);
      const answers = await burst(12, () => post(server!, 'accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email }, newAddress()));
      expect(tally(answers)).toEqual({ OK: 5, RESET_PASSWORD_EXCEED_LIMIT: 7 });
      expect(server.app.identity.mailer.outbox.filter((mail) => mail.to === email)).toHaveLength(5);
    });

    it('creates exactly 20 of 30 simultaneous sign-ups from one address', async (context) => {
      if (!server) return context.skip('no Redis');
      const address = newAddress();
      const answers = await burst(30, () =>
        post(server!, 'accounts:signUp', { email: uniqueEmail('signup'), password: PASSWORD }, address),
      );
      expect(tally(answers)).toEqual({ OK: 20, TOO_MANY_ATTEMPTS_TRY_LATER: 10 });
      expect(Number(answers.find((answer) => answer.code !== 'OK')!.retryAfter)).toBeGreaterThan(3000);
      expect((await post(server, 'accounts:signUp', { email: uniqueEmail('signup'), password: PASSWORD }, newAddress())).code).toBe('OK');
    });

    it('sends exactly 20 of 30 simultaneous mails to different people from one address', async (context) => {
      if (!server) return context.skip('no Redis');
      const address = newAddress();
      const answers = await burst(30, () =>
        post(server!, 'accounts:sendOobCode', { requestType: 'EMAIL_SIGNIN', email: uniqueEmail('link') }, address),
      );
      expect(tally(answers)).toEqual({ OK: 20, TOO_MANY_ATTEMPTS_TRY_LATER: 10 });
    });

    it('answers exactly 10 of 30 simultaneous resets for unknown addresses, then nothing about any address', async (context) => {
      if (!server) return context.skip('no Redis');
      const address = newAddress();
      const answers = await burst(30, () =>
        post(server!, 'accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: uniqueEmail('ghost') }, address),
      );
      expect(tally(answers)).toEqual({ EMAIL_NOT_FOUND: 10, TOO_MANY_ATTEMPTS_TRY_LATER: 20 });
      const known = uniqueEmail('known');
      await signUp(known);
      expect((await post(server, 'accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: known }, address)).code).toBe(
        'TOO_MANY_ATTEMPTS_TRY_LATER',
      );
      expect((await post(server, 'accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: known }, newAddress())).code).toBe('OK');
    });
  },
);
