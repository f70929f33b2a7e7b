import { type Algorithm, hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 declares Algorithm as an ambient const enum, which isolatedModules cannot
// read; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm;

/** Argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum recommendation). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// A real hash of a random password, so that checking an unknown email or a password-less
// account costs as much time as checking a real one.
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; an empty hash (no password set) never matches. */
export async function checkPassword(password: string, passwordHash: string | null | undefined): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(`no-password-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
