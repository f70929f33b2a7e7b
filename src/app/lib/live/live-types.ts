/**
 * What the live module and its lazily loaded stream client share; apart from `index.ts` so the
 * client needs nothing back from the module that loads it.
 */
export type LiveEvent =
  | { type: 'change'; topic: string; version: number; kind: string; key: string; data: unknown }
  | { type: 'reset'; topic: string; version: number };

export type LiveStatus = 'connecting' | 'online' | 'offline';

export interface LiveSink {
  dispatch(event: LiveEvent): void;
  setStatus(status: LiveStatus): void;
}

/**
 * Topics the shared stream follows: all public, so one anonymous stream serves every tab.
 * `sessions` tells a signed-in app that an administrator ended its session (lib/session/session-watch.ts).
 */
export const LIVE_TOPICS = ['movies', 'schedule', 'stats', 'sessions'] as const;
