import { ApiError } from '../../common/api-error';
import type { SupportMessageCreated, SupportMessageValues } from '../../common/support-message';
import { sendSupportMessage } from '../api/send-support-message';
import {
  addToOutbox,
  failureAction,
  nextRetryDelay,
  OUTBOX_STORAGE_KEY,
  parseOutbox,
  type QueuedMessage,
  type SpamGuardFields,
  removeFromOutbox,
} from './outbox';

/**
 * The device side of "a message is never lost and never sent twice": every message is written
 * to localStorage before the first send and removed only when the server has answered 201. A
 * queued message is retried on a timer (backing off), when the browser comes back online, when
 * the tab becomes visible and on the next page load. Sends run one at a time under a Web Lock
 * shared by all tabs, each re-reading the outbox, so two tabs never send the same message; and
 * if a tab dies after the server stored a message but before it heard the 201, the idempotency
 * key makes the next send return the stored original instead of a second copy.
 */
export interface OutboxSnapshot {
  pending: QueuedMessage[];
  delivered: Record<string, SupportMessageCreated>;
  rejected: Record<string, { message: string; fields: Record<string, string> }>;
}

export type SubmitResult =
  | { kind: 'sent'; message: SupportMessageCreated }
  | { kind: 'queued'; key: string }
  | { kind: 'rejected'; message: string; fields: Record<string, string> };

const EMPTY: OutboxSnapshot = { pending: [], delivered: {}, rejected: {} };
let snapshot: OutboxSnapshot = EMPTY;
const listeners = new Set<() => void>();
/** Used when localStorage refuses to store (private mode, quota): the message still lives in the tab. */
let memoryOutbox: QueuedMessage[] = [];
let storageWorks = true;

function readOutbox(): QueuedMessage[] {
  if (!storageWorks) return memoryOutbox;
  try {
    return parseOutbox(localStorage.getItem(OUTBOX_STORAGE_KEY));
  } catch {
    storageWorks = false;
    return memoryOutbox;
  }
}

function writeOutbox(outbox: QueuedMessage[]) {
  memoryOutbox = outbox;
  if (storageWorks) {
    try {
      if (outbox.length === 0) localStorage.removeItem(OUTBOX_STORAGE_KEY);
      else localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(outbox));
    } catch {
      storageWorks = false;
    }
  }
  publish({ pending: outbox });
}

function publish(change: Partial<OutboxSnapshot>) {
  snapshot = { ...snapshot, ...change };
  for (const listener of listeners) listener();
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getOutboxSnapshot = () => snapshot;
export const getServerOutboxSnapshot = () => EMPTY;

/** A random idempotency key; crypto.randomUUID only exists on secure origins. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function sendOne(item: QueuedMessage): Promise<'delivered' | 'retry' | 'dropped'> {
  try {
    const created = await sendSupportMessage(item.values, item.key, item.guard);
    writeOutbox(removeFromOutbox(readOutbox(), item.key));
    publish({ delivered: { ...snapshot.delivered, [item.key]: created } });
    return 'delivered';
  } catch (error) {
    if (error instanceof ApiError && failureAction(error.status, error.code) === 'drop') {
      writeOutbox(removeFromOutbox(readOutbox(), item.key));
      publish({ rejected: { ...snapshot.rejected, [item.key]: { message: error.message, fields: error.fields } } });
      return 'dropped';
    }
    return 'retry';
  }
}

let failedAttempts = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let flushing: Promise<void> | null = null;
let flushAgain = false;

async function flushUnderLock(): Promise<boolean> {
  const run = async () => {
    for (const item of readOutbox()) {
      if ((await sendOne(item)) === 'retry') return false;
    }
    return true;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('nw-support-outbox', run) : run();
}

/** Sends everything queued, oldest first; on failure schedules the next try. */
export function flushOutbox(): Promise<void> {
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  clearTimeout(retryTimer);
  flushing = (async () => {
    let allSent: boolean;
    do {
      flushAgain = false;
      allSent = await flushUnderLock();
    } while (flushAgain && allSent);
    if (allSent) {
      failedAttempts = 0;
    } else {
      failedAttempts += 1;
      retryTimer = setTimeout(() => void flushOutbox(), nextRetryDelay(failedAttempts));
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Queues a validated message on the device, then tries to send it at once. */
export async function submitSupportMessage(values: SupportMessageValues, guard?: SpamGuardFields): Promise<SubmitResult> {
  const key = newKey();
  writeOutbox(addToOutbox(readOutbox(), { key, values, queuedAt: new Date().toISOString(), ...(guard ? { guard } : {}) }));
  // A fresh message deserves a fresh try even if earlier ones were backing off.
  failedAttempts = 0;
  await flushOutbox();
  const delivered = snapshot.delivered[key];
  if (delivered) return { kind: 'sent', message: delivered };
  const rejected = snapshot.rejected[key];
  if (rejected) return { kind: 'rejected', ...rejected };
  return { kind: 'queued', key };
}

/** Starts background delivery for this page; returns a function that stops it. */
export function startOutboxSync(): () => void {
  publish({ pending: readOutbox() });
  const flushIfPending = () => {
    if (readOutbox().length > 0) void flushOutbox();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') flushIfPending();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === OUTBOX_STORAGE_KEY) publish({ pending: readOutbox() });
  };
  window.addEventListener('online', flushIfPending);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('storage', onStorage);
  flushIfPending();
  return () => {
    window.removeEventListener('online', flushIfPending);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('storage', onStorage);
    clearTimeout(retryTimer);
  };
}
