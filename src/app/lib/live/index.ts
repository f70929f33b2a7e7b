import { useSyncExternalStore } from 'react';
import { afterFirstScreen } from '../after-first-screen';
import type { LiveEvent, LiveSink, LiveStatus } from './live-types';

/**
 * The app's live data (docs/live-data.md): one change stream per browser, shared by its tabs.
 * This module is small on purpose; the stream client itself loads after the first screen.
 */
export { LIVE_TOPICS, type LiveEvent, type LiveSink, type LiveStatus } from './live-types';

const handlers = new Map<string, Set<(event: LiveEvent) => void>>();
/** Per topic, the version of what the page has loaded (`haveVersion`). */
const loaded = new Map<string, number>();
const statusListeners = new Set<() => void>();
let status: LiveStatus = 'connecting';
let started = false;

const sink: LiveSink = {
  dispatch(event) {
    for (const handler of [...(handlers.get(event.topic) ?? [])]) handler(event);
  },
  setStatus(next) {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener();
  },
};

function start(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  // After the first screen: the list is drawn before the stream's code is even fetched.
  afterFirstScreen(() => void import('./stream-client').then((module) => module.startStream(sink, () => loaded)));
}

/**
 * The page holds `topic` as of `version` (an answer said so): if the stream has not connected
 * yet, its first connection resumes there, so the server replays what came after instead of a
 * reset that would load the whole list again.
 */
export function haveVersion(topic: string, version: number): void {
  loaded.set(topic, version);
}

/** Calls `handler` for every change or reset of `topic` until the returned function is called. */
export function onLive(topic: string, handler: (event: LiveEvent) => void): () => void {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(handler);
  start();
  return () => set.delete(handler);
}

export function liveStatus(): LiveStatus {
  return status;
}

export function onLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** 'offline' once the stream has had no answer for 10 s or the browser says so. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(onLiveStatus, liveStatus, () => 'connecting');
}
