import { PUBLISHING_TOPIC } from '../../../../../common/constants';
import type { SseMessage } from '../../../../lib/live/backoff';
import { openStaffStream } from '../staff-stream';

/** What happened to an item: a draft saved or discarded, published, scheduled or not any more. */
export interface PublishingChange {
  collection: string;
  id: string;
  kind: 'draft' | 'discarded' | 'published' | 'scheduled' | 'unscheduled' | 'schedule_failed' | 'reset';
  draftVersion: number | null;
}

const KINDS = new Set(['draft', 'discarded', 'published', 'scheduled', 'unscheduled', 'schedule_failed']);

/** One message of the stream to a publishing change, or null for anything else. A reset: read everything again. */
export function publishingChangeOf(message: SseMessage): PublishingChange | null {
  if (message.event === 'reset') return { collection: '', id: '', kind: 'reset', draftVersion: null };
  if (message.event !== 'change') return null;
  try {
    const change = JSON.parse(message.data) as { topic?: unknown; kind?: unknown; data?: Record<string, unknown> | null };
    const data = change.data;
    if (change.topic !== PUBLISHING_TOPIC || typeof change.kind !== 'string' || !KINDS.has(change.kind) || !data) return null;
    if (typeof data.collection !== 'string' || typeof data.id !== 'string') return null;
    const draftVersion = typeof data.draftVersion === 'number' ? data.draftVersion : null;
    return { collection: data.collection, id: data.id, kind: change.kind as PublishingChange['kind'], draftVersion };
  } catch {
    return null;
  }
}

/** Calls `onChange` for every draft and publishing change, until the returned function is called. */
export function followPublishing(onChange: (change: PublishingChange) => void): () => void {
  return openStaffStream(PUBLISHING_TOPIC, (message) => {
    const change = publishingChangeOf(message);
    if (change) onChange(change);
  });
}
