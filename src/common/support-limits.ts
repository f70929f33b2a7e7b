/**
 * The bounds of a support message and the idempotency header name, apart from the zod schema in
 * support-message.ts so the site can show them without loading the validation library first.
 */
export const SUPPORT_LIMITS = {
  name: 100,
  email: 254,
  subject: 150,
  message: 5000,
  messageMin: 10,
} as const;

/** The header a client sends so a retry of the same message is stored only once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The longest answer a customer or the staff can write in a support conversation. */
export const INBOX_REPLY_MAX = 10_000;
