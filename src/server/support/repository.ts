import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SupportMessageCreated, SupportMessageValues } from '../../common/support-message';
import type { Database, SupportMessageRow } from '../db/schema';

function toCreated(row: SupportMessageRow): SupportMessageCreated {
  return { id: row.id, name: row.name, email: row.email, subject: row.subject, message: row.message, date: row.date };
}

export async function findByIdempotencyKey(db: Kysely<Database>, key: string): Promise<SupportMessageCreated | null> {
  const row = await db.selectFrom('support_messages').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  return row ? toCreated(row) : null;
}

/**
 * Stores a message with the server's date (spec 3: the caller's fields plus date). Resolves only
 * after the insert has committed. Returns null when another request with the same idempotency
 * key won the race (the unique index refused this one); the caller then reads that one.
 */
export async function insertSupportMessage(
  db: Kysely<Database>,
  values: SupportMessageValues,
  idempotencyKey: string | null,
  now: Date = new Date(),
): Promise<SupportMessageCreated | null> {
  const row: SupportMessageRow = {
    id: randomUUID(),
    name: values.name,
    email: values.email,
    subject: values.subject,
    message: values.message,
    date: now.toISOString(),
    idempotency_key: idempotencyKey,
  };
  try {
    await db.insertInto('support_messages').values(row).execute();
  } catch (error) {
    if (idempotencyKey && (await findByIdempotencyKey(db, idempotencyKey))) return null;
    throw error;
  }
  return toCreated(row);
}

/** True when a retry carries the same message as the one first stored under its key. */
export function sameMessage(stored: SupportMessageCreated, values: SupportMessageValues): boolean {
  return (
    stored.name === values.name && stored.email === values.email && stored.subject === values.subject && stored.message === values.message
  );
}
