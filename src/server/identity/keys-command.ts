import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { keyCipher } from './key-cipher';
import { signingKeyRing } from './signing-key-ring';
import { signingKeysRepository } from './signing-keys-repository';

export const KEYS_USAGE = 'usage: npm run keys -- list | rotate | encrypt';

/**
 * `npm run keys -- <command>` (docs/security.md): `list` shows the signing keys, `rotate` makes
 * a new key sign (running instances follow within a minute; tokens of the old key keep
 * verifying until they expire), `encrypt` encrypts plain private keys with KEY_ENCRYPTION_SECRET.
 * Returns the lines to print.
 */
export async function runKeysCommand(db: Kysely<Database>, command: string | undefined, secret: string | undefined): Promise<string[]> {
  const keys = signingKeysRepository(db);
  const ring = signingKeyRing({ keys, cipher: keyCipher(secret) });
  switch (command) {
    case 'rotate': {
      const { retired, current } = await ring.rotate();
      return [`Signing key ${current} signs from now on; ${retired} verifies until its tokens expire (1 hour).`];
    }
    case 'encrypt':
      if (!secret) throw new Error('Set KEY_ENCRYPTION_SECRET to encrypt the signing keys.');
      await ring.ready();
      return ['Every private signing key is encrypted with KEY_ENCRYPTION_SECRET.'];
    case 'list': {
      await ring.ready();
      const current = await keys.currentKid();
      return (await keys.all()).map((row) =>
        [
          row.kid,
          row.kid === current ? 'signing' : `retired ${row.retired_at ?? '?'}`,
          `created ${row.created_at}`,
          row.private_jwk.startsWith('enc:') ? 'encrypted' : 'plain',
        ].join('  '),
      );
    }
    default:
      throw new Error(KEYS_USAGE);
  }
}
