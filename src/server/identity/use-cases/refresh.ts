import { randomUUID } from 'node:crypto';
import { AUTH } from '../../../common/constants';
import type { IdentityContext, Session } from '../context';
import { identityError } from '../identity-error';
import { isoAfter, REFRESH_TOKEN_LIFETIME_MS } from '../rules';
import { randomToken, tokenHash } from '../token-service';

/** The refresh grant: rotates the token; a reused token ends its whole family. */
export async function refresh(ctx: IdentityContext, refreshToken: string | undefined): Promise<Session> {
  if (!refreshToken) throw identityError('MISSING_REFRESH_TOKEN');
  const row = await ctx.refreshTokens.findByHash(tokenHash(refreshToken));
  if (!row) throw identityError('INVALID_REFRESH_TOKEN');
  // Disabling ends the sessions too; the client must still learn why (USER_DISABLED signs it out).
  if ((await ctx.users.findById(row.user_id))?.disabled === 1) throw identityError('USER_DISABLED');
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  if (row.revoked_at) throw identityError('TOKEN_EXPIRED');
  if (row.used_at || !(await ctx.refreshTokens.markUsed(row.id, now))) {
    // Someone holds a copy of a token that was already exchanged: end the session for all.
    await ctx.refreshTokens.revokeFamily(row.family_id, now);
    throw identityError('INVALID_REFRESH_TOKEN');
  }
  if (Date.parse(row.expires_at) <= nowMs) throw identityError('TOKEN_EXPIRED');
  const user = await ctx.users.findById(row.user_id);
  if (!user) throw identityError('USER_NOT_FOUND');
  if (user.disabled === 1) throw identityError('USER_DISABLED');
  const next = randomToken();
  await ctx.refreshTokens.insert({
    id: randomUUID(),
    user_id: user.id,
    family_id: row.family_id,
    token_hash: tokenHash(next),
    created_at: now,
    expires_at: isoAfter(nowMs, REFRESH_TOKEN_LIFETIME_MS),
    used_at: null,
    revoked_at: null,
  });
  const started = (await ctx.refreshTokens.familyStartedAt(row.family_id)) ?? row.created_at;
  const idToken = await ctx.idTokenFor(user, row.family_id, Math.floor(Date.parse(started) / 1000));
  return { idToken, refreshToken: next, expiresIn: String(AUTH.idTokenLifetimeSeconds), user };
}
