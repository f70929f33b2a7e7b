/**
 * The change stream's wire format (docs/live-data.md), as pure functions shared by the server and
 * its tests. The browser side lives in src/app/lib/live/.
 */
export interface ChangeEvent {
  topic: string;
  /** Gapless, increasing per topic, kept in the database so every instance agrees. */
  version: number;
  /** 'add' | 'update' | 'delete' | 'changed' (refetch what you show of this topic). */
  kind: string;
  key: string;
  data: unknown;
}

/** Bound before any parsing: a cursor names a handful of topics. */
export const MAX_CURSOR_LENGTH = 400;
export const TOPIC_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

/** The SSE event id (`movies=12,schedule=3,stats=7`), shared with the app (src/common/live-cursor.ts). */
export { formatCursor } from '../../common/live-cursor';

/** The versions a client says it has; anything malformed is ignored (that topic starts afresh). */
export function parseCursor(raw: string | undefined | null): Map<string, number> {
  const versions = new Map<string, number>();
  if (!raw || raw.length > MAX_CURSOR_LENGTH) return versions;
  for (const part of raw.split(',')) {
    const [topic, value] = part.split('=');
    if (!topic || value === undefined || !TOPIC_PATTERN.test(topic) || !/^\d{1,15}$/.test(value)) continue;
    versions.set(topic, Number(value));
  }
  return versions;
}

/** `topics=movies,schedule` into a list of distinct topic names, or the reason it is not one. */
export function parseTopics(raw: string): { ok: true; topics: string[] } | { ok: false; reason: string } {
  const topics = [...new Set(raw.split(',').map((topic) => topic.trim()))].filter(Boolean);
  if (topics.length === 0) return { ok: false, reason: 'name at least one topic' };
  if (topics.length > 8) return { ok: false, reason: 'name at most 8 topics' };
  const bad = topics.find((topic) => !TOPIC_PATTERN.test(topic));
  if (bad !== undefined) return { ok: false, reason: `"${bad.slice(0, 40)}" is not a topic name` };
  return { ok: true, topics };
}

/** What a client with `have` must receive for a topic now at `current`, oldest kept `oldest`. */
export type CatchUp = { kind: 'none' } | { kind: 'replay'; after: number } | { kind: 'reset' };

/** Replays at most this many events on reconnect; beyond that a full refetch is cheaper. */
export const MAX_REPLAY = 200;

export function planCatchUp(have: number | undefined, current: number, oldest: number | null): CatchUp {
  if (have === undefined || have > current) return { kind: 'reset' };
  if (have === current) return { kind: 'none' };
  if (current - have > MAX_REPLAY) return { kind: 'reset' };
  // The log must still hold the first missed event.
  if (oldest === null || oldest > have + 1) return { kind: 'reset' };
  return { kind: 'replay', after: have };
}

/** One SSE message. Data is one JSON line, so it never needs splitting. */
export function sseFrame(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: keeps proxies and the client's idle timer (60 s) from closing the stream. */
export const KEEP_ALIVE_FRAME = ': keep-alive\n\n';
