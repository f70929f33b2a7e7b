import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '../../../common/support-message';
import { badRequest } from './http-error';

/**
 * The `Idempotency-Key` of a write (Contact Us, movie adds; decision 0200): from the header, or
 * from a body field for forms that cannot set headers. Both given must agree. Null when neither.
 */
export function idempotencyKeyOf(request: FastifyRequest, bodyKey?: string): string | null {
  const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (Array.isArray(header))
    throw badRequest(`Send one ${IDEMPOTENCY_HEADER} header.`, { [IDEMPOTENCY_HEADER]: 'was sent more than once' });
  if (header !== undefined) {
    const parsed = idempotencyKeySchema.safeParse(header);
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? 'is invalid';
      throw badRequest(`The ${IDEMPOTENCY_HEADER} header ${reason}.`, { [IDEMPOTENCY_HEADER]: reason });
    }
    if (bodyKey !== undefined && bodyKey !== header) {
      throw badRequest(`The ${IDEMPOTENCY_HEADER} header and the idempotencyKey field differ.`, {
        idempotencyKey: `must equal the ${IDEMPOTENCY_HEADER} header`,
      });
    }
    return header;
  }
  return bodyKey ?? null;
}

/**
 * Stores something at most once per key: the first request with a key stores it, a retry with the
 * same key and the same content gets the stored result back (`replayed`), the same key with other
 * content is the caller's bug (`conflict`). A unique index on the key settles two first requests
 * racing: `insert` returns null when it lost, and the winner's row is read.
 */
export async function acceptOnce<T>(
  key: string | null,
  steps: { find: (key: string) => Promise<T | null>; insert: () => Promise<T | null>; same: (stored: T) => boolean },
): Promise<{ result: T; replayed: boolean } | { conflict: T }> {
  const replay = (stored: T) => (steps.same(stored) ? { result: stored, replayed: true } : { conflict: stored });
  if (key) {
    const existing = await steps.find(key);
    if (existing) return replay(existing);
  }
  const created = await steps.insert();
  if (created) return { result: created, replayed: false };
  const winner = key ? await steps.find(key) : null;
  if (!winner) throw new Error('insert refused without a stored row for its idempotency key');
  return replay(winner);
}
