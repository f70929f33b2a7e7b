import type { SupportMessageValues } from '../../common/support-message';

/**
 * The Contact Us outbox: messages saved on the device until the server has acknowledged them.
 * Pure rules here; outbox-store.ts does the storage, timers and sending.
 */
export interface QueuedMessage {
  /** The idempotency key: the server stores a message once per key, however often it is sent. */
  key: string;
  values: SupportMessageValues;
  queuedAt: string;
  /** The form's spam-check fields (honeypot, signed render time), sent along unchanged. */
  guard?: SpamGuardFields;
}

export interface SpamGuardFields {
  website: string;
  formToken: string;
}

export { OUTBOX_STORAGE_KEY } from './outbox-key';

/** Retry after 2 s, doubling per failed attempt, at most every minute. */
export const RETRY = { firstMs: 2_000, factor: 2, maxMs: 60_000 } as const;

export function nextRetryDelay(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(RETRY.maxMs, RETRY.firstMs * RETRY.factor ** exponent);
}

function isQueuedMessage(value: unknown): value is QueuedMessage {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<QueuedMessage>;
  const values = item.values as Partial<SupportMessageValues> | undefined;
  return (
    typeof item.key === 'string' &&
    typeof item.queuedAt === 'string' &&
    typeof values === 'object' &&
    values !== null &&
    typeof values.name === 'string' &&
    typeof values.email === 'string' &&
    typeof values.message === 'string' &&
    (values.subject === null || typeof values.subject === 'string')
  );
}

/** Reads the stored outbox; anything damaged is skipped rather than breaking the page. */
export function parseOutbox(text: string | null): QueuedMessage[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isQueuedMessage) : [];
  } catch {
    return [];
  }
}

/** Adds a message unless one with its key is already queued (a double click queues it once). */
export function addToOutbox(outbox: QueuedMessage[], message: QueuedMessage): QueuedMessage[] {
  return outbox.some((item) => item.key === message.key) ? outbox : [...outbox, message];
}

export function removeFromOutbox(outbox: QueuedMessage[], key: string): QueuedMessage[] {
  return outbox.filter((item) => item.key !== key);
}

/**
 * What to do after a failed send: `retry` keeps the message queued (no answer, server trouble,
 * too many requests, a missing CSRF cookie); `drop` removes it because the server will never
 * accept it as it is (it said 400 or 409), and the sender shows why.
 */
export function failureAction(status: number, code: string): 'retry' | 'drop' {
  if (status === 0 || status >= 500 || status === 429 || status === 408 || code === 'csrf_failed') return 'retry';
  return 'drop';
}
