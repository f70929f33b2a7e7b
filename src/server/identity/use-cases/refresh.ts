import type { IdentityContext, Session } from '../context';
import { identityError } from '../identity-error';
import { tokenHash } from '../token-service';

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
  const signedInAt = (await ctx.refreshTokens.familyStartedAt(row.family_id)) ?? row.created_at;
  // Not a sign-in: the session that passed the gate goes on, its sign-in time (auth_time) unchanged.
  return ctx.issueSession({ kind: 'refresh', user, familyId: row.family_id, signedInAt });
}
