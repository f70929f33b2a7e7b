import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type CryptoKey,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
  SignJWT,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
} from 'jose';
import { AUTH } from '../../common/constants';
import type { SigningKeyRow, SigningKeysRepository } from './signing-keys-repository';

export const SIGNING_ALG = 'ES256';

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

/** The claims of our ID tokens (DESIGN.md 2). */
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

interface LoadedKey {
  kid: string;
  privateKey: CryptoKey | null;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * Signs and verifies ID tokens with an asymmetric key the server generates on first start and
 * keeps in the database (every instance shares it), and publishes the public keys as a JWKS.
 */
export function tokenService(options: { keys: SigningKeysRepository; issuer: string; audience: string }) {
  const cache = new Map<string, LoadedKey>();
  let current: Promise<LoadedKey> | undefined;

  async function load(row: SigningKeyRow): Promise<LoadedKey> {
    const cached = cache.get(row.kid);
    if (cached?.privateKey) return cached;
    const publicJwk = JSON.parse(row.public_jwk) as JWK;
    const loaded: LoadedKey = {
      kid: row.kid,
      privateKey: (await importJWK(JSON.parse(row.private_jwk) as JWK, row.alg)) as CryptoKey,
      publicKey: (await importJWK(publicJwk, row.alg)) as CryptoKey,
      publicJwk: { ...publicJwk, kid: row.kid, alg: row.alg, use: 'sig' },
    };
    cache.set(row.kid, loaded);
    return loaded;
  }

  async function signingKey(): Promise<LoadedKey> {
    current ??= (async () => {
      let rows = await options.keys.all();
      if (rows.length === 0) {
        const pair = await generateKeyPair(SIGNING_ALG, { extractable: true });
        await options.keys.insert({
          kid: randomUUID(),
          alg: SIGNING_ALG,
          private_jwk: JSON.stringify(await exportJWK(pair.privateKey)),
          public_jwk: JSON.stringify(await exportJWK(pair.publicKey)),
          created_at: new Date().toISOString(),
        });
        // Another instance may have inserted one at the same moment: all of them pick the oldest.
        rows = await options.keys.all();
      }
      return load(rows[0]!);
    })();
    try {
      return await current;
    } catch (error) {
      current = undefined;
      throw error;
    }
  }

  const resolveKey: JWTVerifyGetKey = async (header) => {
    if (header.alg !== SIGNING_ALG || typeof header.kid !== 'string') throw new TokenVerificationError('INVALID_ID_TOKEN');
    const cached = cache.get(header.kid);
    if (cached) return cached.publicKey;
    const row = await options.keys.findByKid(header.kid);
    if (!row) throw new TokenVerificationError('INVALID_ID_TOKEN');
    return (await load(row)).publicKey;
  };

  return {
    /** Creates the key now rather than on the first sign-in. */
    async ready(): Promise<void> {
      await signingKey();
    },

    async signIdToken(claims: UserClaims, now = Date.now()): Promise<string> {
      const key = await signingKey();
      const iat = Math.floor(now / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'JWT' })
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + AUTH.idTokenLifetimeSeconds)
        .sign(key.privateKey!);
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
      await signingKey();
      const rows = await options.keys.all();
      const keys = await Promise.all(rows.map(async (row) => (await load(row)).publicJwk));
      return { keys };
    },
  };
}

export type TokenService = ReturnType<typeof tokenService>;
