import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_RATE_LIMIT } from '../../src/server/support/routes';
import { PASSWORD } from '../support/staff';
import { HttpClient, type HttpResponse } from '../support/http-client';
import { identityAt, type Instance, newAddress, newPerson, providerCode, servedBy, stored, twoInstances } from './support/cluster';

/**
 * Rate limits count in Redis when it is set, so an allowance is one for the whole deployment: a
 * burst split across both instances at the same moment gets exactly the allowance through,
 * never an allowance per instance (docs/security.md).
 */

/** Sign-in attempts per email and 15 minutes (docs/security.md, "Rate limits"). */
const SIGN_IN_ATTEMPTS_PER_EMAIL = 10;

let first: Instance;
let second: Instance;

beforeAll(async () => {
  [first, second] = await twoInstances();
});

/** `n` requests at once, every other one to each instance. */
const burst = <T>(n: number, send: (url: string, index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, index) => send(index % 2 === 0 ? first.url : second.url, index)));

const tally = (values: string[]) => {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
};

const answeredBy = (responses: HttpResponse[]) => tally(responses.map((response) => servedBy(response) ?? 'nobody'));

describe('limits shared by both instances', () => {
  it(`checks exactly ${SIGN_IN_ATTEMPTS_PER_EMAIL} of 30 simultaneous wrong passwords for one email, sent to both instances`, async () => {
    const user = await newPerson(first.url, [], 'guessed');
    const address = newAddress();
    const responses = await burst(30, async (url, index) =>
      new HttpClient(url).request('POST', `/identity/v1/accounts:signInWithPassword?key=${(await identityAt(url)).apiKey}`, {
        body: { email: user.email, password: `wrong password ${index}` },
        headers: { 'x-forwarded-for': address },
        csrf: false,
      }),
    );
    expect(answeredBy(responses)).toEqual({ [first.name]: 15, [second.name]: 15 });
    expect(tally(responses.map(providerCode))).toEqual({
      INVALID_PASSWORD: SIGN_IN_ATTEMPTS_PER_EMAIL,
      TOO_MANY_ATTEMPTS_TRY_LATER: 30 - SIGN_IN_ATTEMPTS_PER_EMAIL,
    });
    // The email stays blocked on both, even for the right password.
    for (const url of [first.url, second.url]) {
      const right = await new HttpClient(url).request(
        'POST',
        `/identity/v1/accounts:signInWithPassword?key=${(await identityAt(url)).apiKey}`,
        {
          body: { email: user.email, password: PASSWORD },
          headers: { 'x-forwarded-for': newAddress() },
          csrf: false,
        },
      );
      expect(providerCode(right)).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it(`stores exactly ${SUPPORT_RATE_LIMIT.max} of 12 simultaneous Contact Us messages from one address, sent to both instances`, async () => {
    const address = newAddress();
    const text = `Burst from one address ${address}`;
    const responses = await burst(12, (url, index) =>
      new HttpClient(url).request('POST', '/api/support-messages', {
        body: { name: 'Casey Customer', email: 'casey@example.com', message: `${text}, message ${index}.` },
        headers: { 'x-forwarded-for': address },
      }),
    );
    expect(answeredBy(responses)).toEqual({ [first.name]: 6, [second.name]: 6 });
    expect(tally(responses.map((response) => String(response.status)))).toEqual({
      201: SUPPORT_RATE_LIMIT.max,
      429: 12 - SUPPORT_RATE_LIMIT.max,
    });
    const rows = await stored(({ db }) => db.selectFrom('support_messages').select('id').where('message', 'like', `${text},%`).execute());
    expect(rows).toHaveLength(SUPPORT_RATE_LIMIT.max);
  });
});
