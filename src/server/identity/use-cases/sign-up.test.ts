import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database';
import type { IdentityContext } from '../context';
import { IdentityError } from '../identity-error';
import { signUp } from './sign-up';
import { memoryIdentityContext } from './memory-context.test-support';

const PASSWORD = 'correct horse 1';
const ADDRESS = '192.0.2.7';

describe('signUp with an Idempotency-Key: two requests interleaved', () => {
  let database: DatabaseHandle;
  let ctx: IdentityContext;

  beforeEach(async () => {
    ({ database, ctx } = await memoryIdentityContext());
  });
  afterEach(async () => {
    await database.close();
  });

  /**
   * The second request's first look for its key runs against the database before the first
   * request commits, and its answer arrives after: the order CI once met with three concurrent
   * retries, made certain here.
   */
  function lookedBeforeFirstCommitted(first: Promise<unknown>): IdentityContext {
    let looks = 0;
    const users = {
      ...ctx.users,
      findBySignupKey: async (key: string) => {
        const found = await ctx.users.findBySignupKey(key);
        looks += 1;
        if (looks === 1) await first.catch(() => undefined);
        return found;
      },
    };
    return { ...ctx, users };
  }

  const idOf = (answer: unknown) => (answer as { user?: { id: string } }).user?.id;

  it('answers the later request with the account the same key made, not EMAIL_EXISTS', async () => {
    const input = { email: 'retry@example.com', password: PASSWORD };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = gate.then(() => signUp(ctx, input, ADDRESS, 'key-1'));
    const second = signUp(lookedBeforeFirstCommitted(first), input, ADDRESS, 'key-1');
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(idOf(b)).toBeDefined();
    expect(idOf(b)).toBe(idOf(a));
    const rows = await database.db.selectFrom('users').select('id').where('email', '=', input.email).execute();
    expect(rows).toHaveLength(1);
  });

  it('still answers EMAIL_EXISTS when the address belongs to a sign-up with another key, or none', async () => {
    const input = { email: 'taken@example.com', password: PASSWORD };
    await signUp(ctx, input, ADDRESS, 'key-a');
    for (const key of ['key-b', null]) {
      const error = await signUp(ctx, input, ADDRESS, key).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(IdentityError);
      expect((error as IdentityError).message.split(' : ')[0]).toBe('EMAIL_EXISTS');
    }
  });
});
