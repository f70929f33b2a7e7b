import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '../../common/support-message';

export { IDEMPOTENCY_HEADER };

/** Why an Idempotency-Key header was refused; each feature answers it in its own error format. */
export class IdempotencyKeyError extends Error {
  override name = 'IdempotencyKeyError';
}

/** The Idempotency-Key header of a request: absent (null), or valid, or an IdempotencyKeyError. */
export function idempotencyKeyFromHeaders(headers: Record<string, string | string[] | undefined>): string | null {
  const header = headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (header === undefined) return null;
  if (Array.isArray(header)) throw new IdempotencyKeyError(`Send one ${IDEMPOTENCY_HEADER} header.`);
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success)
    throw new IdempotencyKeyError(`The ${IDEMPOTENCY_HEADER} header ${parsed.error.issues[0]?.message ?? 'is invalid'}.`);
  return parsed.data;
}

/**
 * Does a create at most once per idempotency key (decision 0200): a retry finds what the first
 * request stored and gets it back if it carries the same content (`sameRequest`), else
 * `conflict()` is thrown; two requests racing with one key are settled by the store's unique
 * key (`create` answers null when it lost), and the loser answers with the winner's result.
 */
export async function acceptOnce<T>(steps: {
  key: string | null;
  find: (key: string) => Promise<T | null | undefined>;
  create: () => Promise<T | null>;
  sameRequest: (stored: T) => boolean | Promise<boolean>;
  conflict: () => Error;
}): Promise<{ value: T; replayed: boolean }> {
  const replay = async (stored: T) => {
    if (!(await steps.sameRequest(stored))) throw steps.conflict();
    return { value: stored, replayed: true };
  };
  if (steps.key) {
    const existing = await steps.find(steps.key);
    if (existing) return replay(existing);
  }
  const created = await steps.create();
  if (created) return { value: created, replayed: false };
  const winner = steps.key ? await steps.find(steps.key) : null;
  if (!winner) throw new Error('create lost a race but no stored result was found');
  return replay(winner);
}
