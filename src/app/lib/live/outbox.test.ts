import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE } from '../../../common/constants';
import { enqueue, listOutbox, markRefused, OutboxFullError } from './outbox';

// The outbox's rules over an in-memory store (vi.mock is hoisted above the imports): IndexedDB
// itself is the browser's.
const stores = vi.hoisted(() => ({ outbox: new Map<string, unknown>() }));
vi.mock('./idb', () => ({
  getAll: async () => [...stores.outbox.values()],
  write: async (_store: string, puts: readonly { key: string }[], deletes: readonly string[] = []) => {
    for (const key of deletes) stores.outbox.delete(key);
    for (const value of puts) stores.outbox.set(value.key, value);
  },
}));

describe('the outbox', () => {
  beforeEach(() => stores.outbox.clear());

  it('keeps ten writes waiting and refuses the eleventh with a sentence that says why', async () => {
    for (let i = 0; i < LIVE.maxPendingWrites; i++) await enqueue('movie-add', { title: `Queued ${i}` });
    const refused = enqueue('movie-add', { title: 'One too many' });
    await expect(refused).rejects.toBeInstanceOf(OutboxFullError);
    await expect(refused).rejects.toThrow('10 changes are already waiting to be sent. Reconnect to send them before making another one.');
    expect(await listOutbox('movie-add')).toHaveLength(10);
  });

  it('counts only the writes still waiting: one the server refused makes room', async () => {
    const first = await enqueue('movie-add', { title: 'Refused' });
    for (let i = 1; i < LIVE.maxPendingWrites; i++) await enqueue('movie-add', { title: `Queued ${i}` });
    await markRefused(first, 'A movie with this title is already in the list.');
    await expect(enqueue('movie-add', { title: 'Room again' })).resolves.toMatchObject({ state: 'waiting' });
  });
});
