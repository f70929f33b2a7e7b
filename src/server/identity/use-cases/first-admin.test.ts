import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../platform/db/database';
import type { IdentityContext } from '../context';
import { IdentityError } from '../identity-error';
import { hashPassword } from '../passwords';
import { createFirstAdmin, issueSetupLink } from './first-admin';
import { memoryIdentityContext } from './memory-context.test-support';

const PASSWORD = 'correct horse 1';

describe('createFirstAdmin: the order of its checks', () => {
  let database: DatabaseHandle;
  let ctx: IdentityContext;
  /** The real hash, counted: what a request made the server pay for. */
  let hashes: number;
  const deps = {
    hashPassword: (password: string) => {
      hashes += 1;
      return hashPassword(password);
    },
  };

  beforeEach(async () => {
    ({ database, ctx } = await memoryIdentityContext());
    hashes = 0;
  });
  afterEach(async () => {
    await database.close();
  });

  const codeOf = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(IdentityError);
    return (error as IdentityError).message.split(' : ')[0];
  };
  const tokenOf = (link: string | undefined) => new URL(link!).searchParams.get('token')!;

  it('refuses a made-up, missing or overlong link without hashing the password', async () => {
    const token = tokenOf(await issueSetupLink(ctx));
    for (const token of ['made-up', '', undefined, 'x'.repeat(201)]) {
      expect(await codeOf(createFirstAdmin(ctx, { token, email: 'boss@example.com', password: PASSWORD }, deps))).toBe(
        'SETUP_LINK_INVALID',
      );
    }
    expect(hashes).toBe(0);
    // The count sees hashing: the real link costs exactly one.
    await createFirstAdmin(ctx, { token, email: 'boss@example.com', password: PASSWORD }, deps);
    expect(hashes).toBe(1);
  });

  it('refuses an expired or spent link, and any link once an administrator exists, without hashing', async () => {
    const expired = tokenOf(await issueSetupLink(ctx, Date.now() - 2 * 60 * 60_000));
    expect(await codeOf(createFirstAdmin(ctx, { token: expired, email: 'boss@example.com', password: PASSWORD }, deps))).toBe(
      'SETUP_LINK_INVALID',
    );
    expect(hashes).toBe(0);

    const token = tokenOf(await issueSetupLink(ctx));
    const other = tokenOf(await issueSetupLink(ctx));
    await createFirstAdmin(ctx, { token, email: 'boss@example.com', password: PASSWORD }, deps);
    expect(hashes).toBe(1);
    expect(await codeOf(createFirstAdmin(ctx, { token, email: 'late@example.com', password: PASSWORD }, deps))).toBe('ADMIN_EXISTS');
    expect(await codeOf(createFirstAdmin(ctx, { token: other, email: 'late@example.com', password: PASSWORD }, deps))).toBe('ADMIN_EXISTS');
    expect(hashes).toBe(1);
  });

  it('checks the form only for a usable link, and hashes only a password it accepts', async () => {
    const token = tokenOf(await issueSetupLink(ctx));
    expect(await codeOf(createFirstAdmin(ctx, { token, email: 'not an email', password: PASSWORD }, deps))).toBe('INVALID_EMAIL');
    expect(await codeOf(createFirstAdmin(ctx, { token, email: 'boss@example.com', password: 'short' }, deps))).toBe('WEAK_PASSWORD');
    // A bad link is named first, whatever else the form holds.
    expect(await codeOf(createFirstAdmin(ctx, { token: 'made-up', email: 'not an email', password: 'short' }, deps))).toBe(
      'SETUP_LINK_INVALID',
    );
    expect(hashes).toBe(0);
    // The link is still usable after those refusals.
    expect(await createFirstAdmin(ctx, { token, email: 'boss@example.com', password: PASSWORD }, deps)).toMatchObject({
      email: 'boss@example.com',
    });
    expect(hashes).toBe(1);
  });
});
