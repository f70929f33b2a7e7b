import type { Kysely } from 'kysely';
import type { SupportMessageCreated, SupportMessageValues } from '../../common/support-message';
import type { Database } from '../db/schema';
import { conflict } from '../lib/http-error';
import { findByIdempotencyKey, insertSupportMessage, sameMessage } from './repository';

export interface AcceptResult {
  message: SupportMessageCreated;
  /** True when this was a retry and the original was returned instead of storing a new one. */
  replayed: boolean;
}

/**
 * Accepts a validated message once per idempotency key: a retry with the same key and the same
 * content gets the original back; the same key with different content is a client bug (409).
 */
export async function acceptSupportMessage(
  db: Kysely<Database>,
  values: SupportMessageValues,
  idempotencyKey: string | null,
): Promise<AcceptResult> {
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(db, idempotencyKey);
    if (existing) return replay(existing, values);
  }
  const created = await insertSupportMessage(db, values, idempotencyKey);
  if (created) return { message: created, replayed: false };
  // Lost a race with a concurrent request carrying the same key: answer with the winner's row.
  const winner = idempotencyKey ? await findByIdempotencyKey(db, idempotencyKey) : null;
  if (!winner) throw new Error('support message insert failed without a stored row');
  return replay(winner, values);
}

function replay(existing: SupportMessageCreated, values: SupportMessageValues): AcceptResult {
  if (!sameMessage(existing, values)) {
    throw conflict('This Idempotency-Key was already used for a different message. Use a new key for a new message.', {
      idempotencyKey: 'was already used for a different message',
    });
  }
  return { message: existing, replayed: true };
}
