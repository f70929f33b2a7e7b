import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../platform/lib/http-error';
import type { VerifiedCaller } from './context';
import { IdentityError } from './identity-error';

export interface AuthUser {
  uid: string;
  email: string;
}

const SENTENCES: Record<string, string> = {
  TOKEN_EXPIRED: 'Your session has expired. Please log in again.',
  USER_NOT_FOUND: 'Your account no longer exists. Please sign up or log in again.',
  USER_DISABLED: 'Your account has been disabled.',
  INVALID_ID_TOKEN: 'Your sign-in token is not valid. Please log in again.',
};

/**
 * The signed-in user of an /api request: `Authorization: Bearer <idToken>` verified (our
 * signature, iss, aud, exp), the user still there and the session not ended. Otherwise a 401
 * in the /api error format saying what to do.
 */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  const { user } = await requireCaller(request);
  return { uid: user.id, email: user.email };
}

/** As requireUser, with the verified user row and token claims (auth_time for recent sign-in). */
export async function requireCaller(request: FastifyRequest): Promise<VerifiedCaller> {
  const header = request.headers.authorization;
  // Bounded before the expression sees it: a token is a few hundred characters.
  const match = typeof header === 'string' && header.length <= 8192 ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw unauthenticated('You need to log in to do that (send Authorization: Bearer <idToken>).');
  try {
    return await request.server.identity.verify(match[1]);
  } catch (error) {
    if (error instanceof IdentityError) {
      const code = error.message.split(' : ')[0]!;
      throw unauthenticated(SENTENCES[code] ?? SENTENCES.INVALID_ID_TOKEN);
    }
    throw error;
  }
}
