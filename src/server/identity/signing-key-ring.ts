import { randomUUID } from 'node:crypto';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { AUTH } from '../../common/constants';
import { isSealed, type KeyCipher } from './key-cipher';
import type { SigningKeyRow, SigningKeysRepository } from './signing-keys-repository';

export const SIGNING_ALG = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/** A retired key is kept this long: every token it signed has expired by then. */
export const RETIRED_KEY_KEPT_MS = (AUTH.idTokenLifetimeSeconds + 5 * 60) * 1000;

/**
 * The ES256 keys of the ID tokens, kept in the database and shared by every instance
 * (decision 0613). One key signs (the signing_key_current row); retired keys still verify.
 * Each instance re-reads which key signs every `refreshMs`, so a rotation reaches them all.
 */
export function signingKeyRing(options: { keys: SigningKeysRepository; cipher: KeyCipher; refreshMs?: number }) {
  const { keys, cipher } = options;
  const refreshMs = options.refreshMs ?? 60_000;
  const publicKeys = new Map<string, { key: CryptoKey; jwk: JWK }>();
  let signing: { key: Promise<SigningKey>; readAt: number } | undefined;
  let ensured: Promise<void> | undefined;

  async function newKeyRow(): Promise<SigningKeyRow> {
    const pair = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const row: SigningKeyRow = {
      kid: randomUUID(),
      alg: SIGNING_ALG,
      private_jwk: cipher.seal(JSON.stringify(await exportJWK(pair.privateKey))),
      public_jwk: JSON.stringify(await exportJWK(pair.publicKey)),
      created_at: new Date().toISOString(),
      retired_at: null,
    };
    await keys.insert(row);
    return row;
  }

  /**
   * Creates the first key unless there is one, and encrypts plain keys when a secret is set.
   * Instances racing here each insert a candidate; the signing_key_current primary key lets
   * exactly one be named, and the others delete theirs.
   */
  async function ensureOnce(): Promise<void> {
    if (!(await keys.currentKid())) {
      const candidate = await newKeyRow();
      await keys.claimFirst(candidate.kid, candidate.created_at);
      if ((await keys.currentKid()) !== candidate.kid) await keys.delete(candidate.kid);
    }
    if (cipher.enabled) {
      for (const row of await keys.all()) {
        if (!isSealed(row.private_jwk)) await keys.updatePrivateJwk(row.kid, cipher.seal(row.private_jwk));
      }
    }
  }

  function ensure(): Promise<void> {
    ensured ??= ensureOnce().catch((error: unknown) => {
      ensured = undefined;
      throw error;
    });
    return ensured;
  }

  async function readSigningKey(): Promise<SigningKey> {
    await ensure();
    const kid = await keys.currentKid();
    const row = kid ? await keys.findByKid(kid) : undefined;
    if (!row) throw new Error('no signing key is named in signing_key_current');
    const privateKey = (await importJWK(JSON.parse(cipher.open(row.private_jwk)) as JWK, row.alg)) as CryptoKey;
    return { kid: row.kid, privateKey };
  }

  async function publicKey(row: SigningKeyRow) {
    const cached = publicKeys.get(row.kid);
    if (cached) return cached;
    const jwk = JSON.parse(row.public_jwk) as JWK;
    const loaded = { key: (await importJWK(jwk, row.alg)) as CryptoKey, jwk: { ...jwk, kid: row.kid, alg: row.alg, use: 'sig' } };
    publicKeys.set(row.kid, loaded);
    return loaded;
  }

  return {
    /** At start-up: the first key exists, is agreed on, and the private one can be read. */
    async ready(): Promise<void> {
      await this.signingKey();
    },

    async signingKey(): Promise<SigningKey> {
      const now = Date.now();
      if (!signing || now - signing.readAt >= refreshMs) {
        const key = readSigningKey();
        signing = { key, readAt: now };
        key.catch(() => {
          if (signing?.key === key) signing = undefined;
        });
      }
      return signing.key;
    },

    /** The public key of a kid, if we have (still) have it. */
    async verificationKey(kid: string): Promise<CryptoKey | undefined> {
      const cached = publicKeys.get(kid);
      if (cached) return cached.key;
      const row = await keys.findByKid(kid);
      return row ? (await publicKey(row)).key : undefined;
    },

    async publicJwks(): Promise<JWK[]> {
      await ensure();
      return Promise.all((await keys.all()).map(async (row) => (await publicKey(row)).jwk));
    },

    /** A new key signs from now on; the old one verifies until its tokens have expired. */
    async rotate(): Promise<{ retired: string; current: string }> {
      await ensure();
      const retired = await keys.currentKid();
      const next = await newKeyRow();
      if (!retired || !(await keys.switchCurrent(retired, next.kid, next.created_at))) {
        await keys.delete(next.kid);
        throw new Error('another rotation happened at the same moment; nothing was changed');
      }
      signing = undefined;
      return { retired, current: next.kid };
    },

    /** Housekeeping: retired keys whose every token has expired. */
    async dropExpired(nowMs = Date.now()): Promise<number> {
      return keys.deleteRetiredBefore(new Date(nowMs - RETIRED_KEY_KEPT_MS).toISOString());
    },
  };
}

export type SigningKeyRing = ReturnType<typeof signingKeyRing>;
