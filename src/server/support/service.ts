import type { Kysely } from 'kysely';
import type { SupportMessageCreated, SupportMessageValues } from '../../common/support-message';
import type { Database } from '../platform/db/schema';
import { conflict } from '../platform/lib/http-error';
import { acceptOnce } from '../platform/lib/idempotency';
import { type MessageIntake, supportMessagesRepository } from './repository';

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
  intake: MessageIntake | null = null,
): Promise<AcceptResult> {
  const messages = supportMessagesRepository(db);
  const outcome = await acceptOnce(idempotencyKey, {
    find: (key) => messages.findByIdempotencyKey(key),
    insert: () => messages.insert(values, idempotencyKey, new Date(), intake),
    same: (stored) => sameMessage(stored, values),
  });
  if ('conflict' in outcome) {
    throw conflict('This Idempotency-Key was already used for a different message. Use a new key for a new message.', {
      idempotencyKey: 'was already used for a different message',
    });
  }
  return { message: outcome.result, replayed: outcome.replayed };
}

/** True when a retry carries the same message as the one first stored under its key. */
export function sameMessage(stored: SupportMessageCreated, values: SupportMessageValues): boolean {
  return (
    stored.name === values.name && stored.email === values.email && stored.subject === values.subject && stored.message === values.message
  );
}
