import { createHash, randomBytes } from 'node:crypto';
import { type JWK, type JWTPayload, type JWTVerifyGetKey, SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AUTH } from '../../common/constants';
import { SIGNING_ALG, type SigningKeyRing } from './signing-key-ring';

export { SIGNING_ALG };

/** What we put in an ID token besides iss, aud, iat and exp (`sid` names its session). */
export interface UserClaims {
  sub: string;
  user_id: string;
  email: string;
  email_verified: boolean;
  auth_time: number;
  sid: string;
  /** Staff roles, top-level custom claims (src/common/roles.ts); present only when true. */
  staff?: true;
  admin?: true;
}

/** The claims of our ID tokens. */
export type IdTokenClaims = JWTPayload & UserClaims & { iat: number; exp: number };

export type TokenProblem = 'TOKEN_EXPIRED' | 'INVALID_ID_TOKEN';

export class TokenVerificationError extends Error {
  override name = 'TokenVerificationError';
  constructor(readonly problem: TokenProblem) {
    super(problem);
  }
}

/** A long random value for refresh tokens and mailed codes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens and codes are stored only as this hash: a database leak does not leak sessions. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Signs and verifies ID tokens with the key ring's keys (ES256, kept in the database and shared
 * by every instance), and publishes the public keys as a JWKS.
 */
export function tokenService(options: { keys: SigningKeyRing; issuer: string; audience: string }) {
  const { keys } = options;
  const resolveKey: JWTVerifyGetKey = async (header) => {
    if (header.alg !== SIGNING_ALG || typeof header.kid !== 'string') throw new TokenVerificationError('INVALID_ID_TOKEN');
    const key = await keys.verificationKey(header.kid);
    if (!key) throw new TokenVerificationError('INVALID_ID_TOKEN');
    return key;
  };

  return {
    /** Creates or reads the signing key now rather than on the first sign-in. */
    ready: () => keys.ready(),
    rotate: () => keys.rotate(),
    dropExpiredKeys: (nowMs?: number) => keys.dropExpired(nowMs),

    async signIdToken(claims: UserClaims, now = Date.now()): Promise<string> {
      const key = await keys.signingKey();
      const iat = Math.floor(now / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'JWT' })
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + AUTH.idTokenLifetimeSeconds)
        .sign(key.privateKey);
    },

    /** The verified claims, or a TokenVerificationError saying whether it expired or is bad. */
    async verifyIdToken(token: string): Promise<IdTokenClaims> {
      try {
        const { payload } = await jwtVerify(token, resolveKey, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: [SIGNING_ALG],
          requiredClaims: ['sub', 'iat', 'exp', 'auth_time', 'sid'],
        });
        if (typeof payload.sid !== 'string' || typeof payload.auth_time !== 'number') throw new TokenVerificationError('INVALID_ID_TOKEN');
        return payload as IdTokenClaims;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new TokenVerificationError('TOKEN_EXPIRED');
        throw new TokenVerificationError('INVALID_ID_TOKEN');
      }
    },

    /** The public keys, for anyone who wants to verify our tokens themselves. */
    async jwks(): Promise<{ keys: JWK[] }> {
      return { keys: await keys.publicJwks() };
    },
  };
}

export type TokenService = ReturnType<typeof tokenService>;
