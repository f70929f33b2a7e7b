import { LIVE } from '../../../common/constants';
import { getAll, write } from './idb';

/** A write made while offline, kept on the device until the server has answered it. */
export interface OutboxEntry<T = unknown> {
  /** Also the Idempotency-Key: a resend after a lost answer is stored once. */
  key: string;
  kind: string;
  body: T;
  createdAt: number;
  state: 'waiting' | 'refused';
  /** Why the server refused it, in the server's words. */
  reason?: string;
}

export class OutboxFullError extends Error {
  constructor() {
    super(`${LIVE.maxPendingWrites} changes are already waiting to be sent. Reconnect to send them before making another one.`);
    this.name = 'OutboxFullError';
  }
}

export async function listOutbox<T>(kind: string): Promise<OutboxEntry<T>[]> {
  const entries = await getAll<OutboxEntry<T>>('outbox');
  return entries.filter((entry) => entry.kind === kind).sort((a, b) => a.createdAt - b.createdAt);
}

/** Queues a write, or throws OutboxFullError when 10 are already waiting. */
export async function enqueue<T>(kind: string, body: T, key: string = crypto.randomUUID()): Promise<OutboxEntry<T>> {
  const waiting = (await getAll<OutboxEntry>('outbox')).filter((entry) => entry.state === 'waiting');
  if (waiting.length >= LIVE.maxPendingWrites) throw new OutboxFullError();
  const entry: OutboxEntry<T> = { key, kind, body, createdAt: Date.now(), state: 'waiting' };
  await write('outbox', [entry]);
  return entry;
}

export function markRefused(entry: OutboxEntry, reason: string): Promise<void> {
  return write('outbox', [{ ...entry, state: 'refused', reason }]);
}

export function removeFromOutbox(key: string): Promise<void> {
  return write('outbox', [], [key]);
}
